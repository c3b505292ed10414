// What bench/rush.mjs says of a run beyond its counts: what each family was answered, how fair the
// line was, how long families waited in it, the targets a run through the room must meet, and how
// long the rush's e-mails took.
import { call, percentile } from "./checkout-system.mjs";
import { STEPS } from "./rush-family.mjs";

/** Steps a family takes once let in (or, without a room, at all): each one's p99 has a target. */
const SHOPPING = STEPS.filter((s) => s !== "arrive" && s !== "line" && s !== "place");

/** Waits until every API process says a room is in force (each reads the room every half second). */
export async function roomInForce(system) {
  const giveUpAt = Date.now() + 10_000;
  for (const p of system.processes) {
    for (;;) {
      const res = await call(p.url, "GET", "/waiting-room");
      if (res.status === 200 && res.body?.inForce) break;
      if (Date.now() > giveUpAt) throw new Error(`${p.url} never said a waiting room was in force`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * The room's pace as it ran: each second, the families let in and the rate, and the load each
 * process last said (pressure, refusals). Stop it with the function it returns; it gives the samples.
 */
export function watchPace(system, opening) {
  const samples = [];
  const timer = setInterval(async () => {
    const { rows } = await system.pool
      .query(
        `select (select floor(admitted)::int from waiting_rooms where opens_at = $1) as let_in,
           (select rate_per_second from waiting_rooms where opens_at = $1) as rate,
           (select string_agg(round(pressure::numeric, 2) || '/' || refused, ' ' order by process) from waiting_room_load) as load`,
        [opening],
      )
      .catch(() => ({ rows: [] }));
    if (rows[0]) samples.push({ t: (Date.now() - opening.getTime()) / 1000, ...rows[0] });
  }, 1000);
  return () => {
    clearInterval(timer);
    return samples;
  };
}

/** The first `seconds` of the pace after the opening, a line each 2 s. */
export function printPace(samples, seconds = 40) {
  const shown = samples.filter((s, i) => s.t >= -1 && s.t <= seconds && i % 2 === 0);
  console.log("the room's pace (s from the opening: let in, families/s, each process's pressure/refused):");
  for (const s of shown)
    console.log(
      `  ${s.t.toFixed(0).padStart(4)} s  ${String(s.let_in ?? 0).padStart(5)}  ${(s.rate ?? 0).toFixed(1).padStart(6)}  ${s.load ?? ""}`,
    );
}

export async function mailsUnsent(system) {
  const { rows } = await system.pool.query("select count(*)::int as n from notification_outbox where state <> 'sent'");
  return rows[0].n;
}

/**
 * Seconds from the first family until every e-mail of the rush was sent (asked each second, for up
 * to `graceSeconds` after `sinceMs`, the time the families took), or null and how many were left.
 */
export async function mailsSent(system, sinceMs, graceSeconds) {
  const started = performance.now() - sinceMs;
  const giveUpAt = performance.now() + graceSeconds * 1000;
  for (;;) {
    const unsent = await mailsUnsent(system);
    if (unsent === 0) return { seconds: (performance.now() - started) / 1000, unsent };
    if (performance.now() > giveUpAt) return { seconds: null, unsent };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** What the families lived: answered or turned away, the line's fairness, the time in it. */
export function roomFigures(families, stats) {
  const answered = (f) => f.bought || f.lined || f.toldFull;
  const admitted = families.filter((f) => f.inAt !== undefined);
  const bought = families.filter((f) => f.paidAt !== undefined);
  const worstStep = SHOPPING.map((name) => ({ name, p99: Math.round(percentile(stats.latencies[name], 99)) }))
    .filter((s) => stats.latencies[s.name].length > 0)
    .reduce((worst, s) => (s.p99 > worst.p99 ? s : worst), { name: "none", p99: 0 });
  return {
    families: families.length,
    bought: bought.length,
    lined: families.filter((f) => !f.bought && f.lined).length,
    toldFull: families.filter((f) => !f.bought && !f.lined && f.toldFull).length,
    turnedAway: families.filter((f) => !answered(f)).length,
    inLine: families.filter((f) => f.place !== undefined).length,
    admitted: admitted.length,
    fairnessAdmission: round(
      rankCorrelation(
        admitted.map((f) => f.arrivedAt),
        admitted.map((f) => f.inAt),
      ),
    ),
    fairnessPurchase: round(
      rankCorrelation(
        bought.map((f) => f.arrivedAt),
        bought.map((f) => f.paidAt),
      ),
    ),
    waits: admitted.map((f) => f.inAt - f.arrivedAt),
    worstStep,
  };
}

const round = (value) => (value === null ? null : Number(value.toFixed(3)));

export function printRoom(room) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `families: ${room.bought} got a seat, ${room.lined} a place on a waitlist, ${room.toldFull} were told their classes were full, ` +
      `${room.turnedAway} got none of these (must be 0)` +
      (room.inLine ? `; ${room.inLine} took a place in the waiting room, ${room.admitted} were let in` : ""),
  );
  console.log(
    `fairness (rank correlation with the order of arrival): ` +
      (room.admitted ? `of being let in ${room.fairnessAdmission ?? "-"} (${room.admitted} families), ` : "") +
      `of buying ${room.fairnessPurchase ?? "-"} (${room.bought} families); time in the waiting room ` +
      (room.waits.length ? `p50 ${s(percentile(room.waits, 50))}, p99 ${s(percentile(room.waits, 99))}` : "none") +
      `; the slowest step once in: ${room.worstStep.name}, p99 ${room.worstStep.p99} ms`,
  );
}

/** The targets a run through the room missed, in words (none: it met them all). */
export function missedTargets({ room, stats, sold, capacity, opening, targets }) {
  const missed = [];
  if (room.turnedAway > 0) missed.push(`${room.turnedAway} families turned away (0)`);
  if (stats.troubleAfterAdmission > 0)
    missed.push(`${stats.troubleAfterAdmission} errors or busy answers after being let in (0)`);
  for (const [name, value] of [
    ["being let in", room.fairnessAdmission],
    ["buying", room.fairnessPurchase],
  ]) {
    if (value === null || value < targets.fairness)
      missed.push(`fairness of ${name} ${value ?? "-"} (${targets.fairness} or more)`);
  }
  const soldOutSeconds = sold.enrolments === capacity ? sold.last_at - opening / 1000 : Infinity;
  if (soldOutSeconds > targets.soldOutSeconds)
    missed.push(
      `sold out after ${soldOutSeconds === Infinity ? "never" : `${soldOutSeconds.toFixed(1)} s`} (${targets.soldOutSeconds} s)`,
    );
  for (const name of [...SHOPPING, "line", "place"]) {
    const values = stats.latencies[name];
    if (values.length > 0 && percentile(values, 99) > targets.stepP99Ms)
      missed.push(`${name} p99 ${Math.round(percentile(values, 99))} ms (${targets.stepP99Ms} ms)`);
  }
  if (sold.held > 0) missed.push(`${sold.held} seats still held at the end (0)`);
  return missed;
}

/** Ranks (1 = first) of `values`, ties sharing their mean rank. */
function ranks(values) {
  const order = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
  const out = new Array(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) out[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/**
 * Spearman's rank correlation of two orders of the same families (1: the same order, 0: none);
 * null with fewer than three.
 */
export function rankCorrelation(xs, ys) {
  const n = xs.length;
  if (n < 3) return null;
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (n + 1) / 2;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < n; i++) {
    num += (rx[i] - mean) * (ry[i] - mean);
    dx += (rx[i] - mean) ** 2;
    dy += (ry[i] - mean) ** 2;
  }
  return dx === 0 || dy === 0 ? null : num / Math.sqrt(dx * dy);
}
