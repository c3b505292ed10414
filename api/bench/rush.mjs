#!/usr/bin/env node
// Benchmark: opening day (decisions 035-037, 043). A catalogue of BENCH_CLASSES classes x BENCH_SEATS
// seats whose registration opens at one moment (registration_opens_at, decision 031);
// BENCH_FAMILIES families (accounts, access tokens and one or two campers each made before the
// clock starts) arrive over BENCH_ARRIVAL_SECONDS, from BENCH_EARLY_SECONDS before the opening. Each
// does what the site does (bench/rush-family.mjs): through the waiting room while one is in force
// (BENCH_ROOM=0: none, every family straight at the classes), then the classes, the cart, the
// checkout, the card and the payment, or a class's waitlist when it is full. Runs over
// BENCH_PROCESSES API processes on PostgreSQL (e.g. "2,4": one run each) with the rate limits
// shared in Redis, behind what a proxy would say of each family's address.
// Prints the machine's speed (a fixed CPU task, a pgbench run), then for each run: seats sold,
// oversold, charged without a seat, 5xx, 503 "very busy", time until sold out, what each family was
// answered (a seat, a line, "full", or turned away), answers after being let in that should never
// come, fairness (arrival against admission and against purchase), time in the room, p50/p95/p99
// of each step, the CPU of the API processes and of PostgreSQL, and how long the e-mails took.
// Exits 1 when a count that must hold fails or, through the room, a target is missed.
// Usage: npm run bench:rush   (builds the API first; BENCH_PG_URL, BENCH_REDIS_URL).
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { call, invariants, percentile, startCheckoutSystem } from "./checkout-system.mjs";
import { machine, writeFigures } from "./figures.mjs";
import { journeys, MAX_BUSY_RETRIES, newStats, STEPS } from "./rush-family.mjs";
import {
  mailsSent,
  mailsUnsent,
  missedTargets,
  printPace,
  printRoom,
  roomFigures,
  roomInForce,
  watchPace,
} from "./rush-report.mjs";

const int = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const FAMILIES = int("BENCH_FAMILIES", 2000);
const CLASSES = int("BENCH_CLASSES", 40);
const SEATS = int("BENCH_SEATS", 12);
const ARRIVAL_SECONDS = Number(process.env.BENCH_ARRIVAL_SECONDS ?? 10);
/** Through a waiting room (as registration day is run), or without one (BENCH_ROOM=0). */
const ROOM = process.env.BENCH_ROOM !== "0";
/** Families begin to arrive this long before the opening (through the room: they wait in line). */
const EARLY_SECONDS = Number(process.env.BENCH_EARLY_SECONDS ?? (ROOM ? 5 : 0));
/** Time from making the catalogue to the first family (the processes read it within a second). */
const LEAD_SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 3);
const PROCESSES = (process.env.BENCH_PROCESSES ?? "2,4").split(",").map((p) => Number(p.trim()));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
/** The production default: every family stays within it unless its retries run it out. */
const RATE_LIMIT_SENSITIVE = process.env.BENCH_RATE_LIMIT_SENSITIVE ?? "10";
const CLK_TCK = 100;
/** How long after the last family the e-mails of the rush may take to be sent. */
const MAIL_GRACE_SECONDS = 60;
/** What a run through the room must show on a 2-core machine, the load script included. */
const TARGETS = { fairness: 0.95, soldOutSeconds: 30, stepP99Ms: 1000 };

/** One line of figures per run (per number of API processes), for docs/benchmarks/rush.json. */
const rushRows = [];

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

async function backendPids(system) {
  const { rows } = await system.pool.query("select pid from pg_stat_activity where datname = $1", [system.dbName]);
  return rows.map((r) => r.pid);
}

async function run(processes, runIndex) {
  const system = await startCheckoutSystem({
    apis: processes,
    basePort: 5180 + runIndex * 10,
    // The payment sandbox and the mail catcher answer from a thread of their own, not behind the
    // 2,000 families' requests on this script's thread (they are other companies' servers).
    providersApart: true,
    env: {
      REDIS_URL,
      REDIS_PREFIX: `bench-rush-${process.pid}-${runIndex}:`,
      RATE_LIMIT_SENSITIVE,
      // Each family from an address of its own, as a proxy in front of the API says it.
      TRUST_PROXY: "1",
      // The academy's room from 15 minutes before an opening, or none.
      WAITING_ROOM_LEAD_MINUTES: ROOM ? "15" : "0",
    },
  });
  const stats = newStats();
  let failed = false;
  try {
    // Families first (their campers through the API, a few at a time), then the catalogue opening soon.
    const students = await system.addStudents(FAMILIES);
    const families = students.map((s, i) => ({ ...s, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }));
    const template = (
      await system.pool.query(
        "select start_date from classes where status = 'approved' and start_date > now() order by id limit 1",
      )
    ).rows[0];
    const birthYear = new Date(template.start_date).getUTCFullYear() - 10;
    const base = system.processes[0].url;
    for (let i = 0; i < families.length; i += 8) {
      await Promise.all(
        families.slice(i, i + 8).map(async (f, j) => {
          f.campers = [];
          const count = (i + j) % 2 === 0 ? 1 : 2;
          for (let k = 0; k < count; k++) {
            const res = await call(base, "POST", "/campers", f, {
              first_name: ["Alex", "Robin", "Sam", "Jo"][k + ((i + j) % 2)],
              last_name: `Rush${i + j}`,
              date_of_birth: `${birthYear}-01-15`,
              emergency_contacts: [{ name: "Pat Parent", relation: "mother", phone: "+1 555 0100" }],
            });
            if (res.status !== 201) throw new Error(`a camper was refused: ${res.status} ${JSON.stringify(res.body)}`);
            f.campers.push(res.body.camper._id);
          }
        }),
      );
    }
    const opening = new Date(Date.now() + (LEAD_SECONDS + EARLY_SECONDS) * 1000);
    const classes = [];
    for (let i = 0; i < CLASSES; i++) {
      const id = randomUUID();
      const name = `Rush ${String(i + 1).padStart(3, "0")} ${id.slice(0, 4)}`;
      // Two sessions a week (morning, afternoon), a week apart: a camper may take any of them together.
      await system.pool.query(
        `insert into classes (id, name, image, instructor_id, available_seats, enrolled_seats, held_seats, price_cents, details, status,
           sport, start_date, end_date, weekdays, start_time, end_time, age_min, age_max, level, location, registration_opens_at)
         select $1::uuid, $2, image, instructor_id, $3::int, 0, 0, price_cents, details, 'approved',
           sport, start_date + $4::int, end_date + $4::int, weekdays, $5::time, $6::time, 6, 14, level, location, $7::timestamptz
         from classes where status = 'approved' and start_date > now() order by id limit 1`,
        [
          id,
          name,
          SEATS,
          7 * Math.floor(i / 2),
          i % 2 ? "13:00" : "09:00",
          i % 2 ? "16:00" : "12:00",
          opening.toISOString(),
        ],
      );
      classes.push({ id, name });
    }
    const classIds = classes.map((c) => c.id);

    if (ROOM) await roomInForce(system);
    console.log(
      `\n${processes} API processes${ROOM ? ", through the waiting room" : ", no waiting room"}: ${FAMILIES} families (${families.reduce((n, f) => n + f.campers.length, 0)} campers) ` +
        `arrive over ${ARRIVAL_SECONDS} s from ${EARLY_SECONDS} s before the opening for ${CLASSES} classes x ${SEATS} seats (${CLASSES * SEATS}), opening in ` +
        `${((opening - Date.now()) / 1000).toFixed(1)} s`,
    );

    // The families' order of arrival, spread evenly over the arrival window.
    const order = [...families].sort(() => Math.random() - 0.5);
    const { arrive } = journeys({ stats, classes, sandboxUrl: system.sandbox.url });
    const apiPids = system.processes.map((p) => p.current().pid);
    const firstArrival = opening.getTime() - EARLY_SECONDS * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, firstArrival - Date.now())));
    const cpu0 = new Map(apiPids.map((pid) => [pid, cpuSeconds(pid)]));
    const pg0 = new Map((await backendPids(system)).map((pid) => [pid, cpuSeconds(pid)]));
    const bench0 = process.cpuUsage();
    const started = performance.now();
    // This script's own event loop: a late turn here adds to every time it measures.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const paceSeen = ROOM ? watchPace(system, opening) : () => [];
    await Promise.all(
      order.map(
        (f, i) =>
          new Promise((resolve, reject) => {
            f.base = system.processes[i % processes].url;
            // 50 ms after the first moment at the earliest: the API's clock and this one are the same machine's.
            setTimeout(() => arrive(f).then(resolve, reject), 50 + (ARRIVAL_SECONDS * 1000 * i) / FAMILIES);
          }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    loopDelay.disable();
    const pace = paceSeen();
    const apiCpu = apiPids.reduce((sum, pid) => sum + cpuSeconds(pid) - (cpu0.get(pid) ?? 0), 0);
    const pgPids = await backendPids(system);
    const pgCpu = pgPids.reduce((sum, pid) => sum + cpuSeconds(pid) - (pg0.get(pid) ?? 0), 0);
    const benchCpu = process.cpuUsage(bench0);
    // The webhook settles the same payments: a moment for it before counting.
    await new Promise((r) => setTimeout(r, 1_500));
    const mailsAtEnd = await mailsUnsent(system);
    const mails = await mailsSent(system, performance.now() - started, MAIL_GRACE_SECONDS);

    const {
      rows: [sold],
    } = await system.pool.query(
      `select coalesce(sum(enrolled_seats), 0)::int as seats, coalesce(sum(held_seats), 0)::int as held,
         coalesce(sum(offered_seats), 0)::int as offered,
         (select count(*)::int from enrollments where class_id = any($1::uuid[])) as enrolments,
         (select extract(epoch from max(created_at))::float8 from enrollments where class_id = any($1::uuid[])) as last_at,
         (select extract(epoch from created_at)::float8 from enrollments where class_id = any($1::uuid[])
            order by created_at offset (ceil(0.95 * $2::int) - 1) limit 1) as most_at,
         (select count(*)::int from waitlist_entries where class_id = any($1::uuid[])) as waiting,
         (select count(*)::int from notification_outbox where state = 'sent') as mails_sent,
         (select count(*)::int from notification_outbox where state <> 'sent') as mails_waiting
       from classes where id = any($1::uuid[])`,
      [classIds, CLASSES * SEATS],
    );
    const inv = await invariants(system);
    const capacity = CLASSES * SEATS;
    const soldOut = sold.enrolments === capacity ? `${(sold.last_at - opening / 1000).toFixed(2)} s` : "not sold out";
    // The last seats wait for a family that picks their class: how long the bulk took, apart.
    const mostSold = sold.most_at === null ? null : Number((sold.most_at - opening / 1000).toFixed(1));
    const ms = (v) => `${Math.round(v)}`.padStart(6);
    console.log(
      `seats sold ${sold.enrolments} of ${capacity} (must be equal; counters ${sold.seats}, still held ${sold.held}, offered to a line ${sold.offered}), ` +
        `oversold ${inv.oversold}, counters out of step ${inv.heldWrong}, charged without a seat ${inv.chargedWithoutSeat}, 5xx ${stats.serverErrors} ` +
        `(503 "very busy" apart: ${stats.busy}), rejected by rate limits ${stats.rateLimited}, waitlist entries ${sold.waiting}`,
    );
    console.log(
      `time until sold out ${soldOut} from the opening (95% of the seats: ${mostSold ?? "-"} s); all families done in ${seconds.toFixed(2)} s; ` +
        `${stats.requests} API requests, ${(stats.requests / seconds).toFixed(0)} requests/s`,
    );
    console.log("step          requests    p50    p95    p99 ms (each request)   p99 ms (with waits out of very busy)");
    for (const name of STEPS) {
      const values = stats.latencies[name];
      if (values.length === 0) continue;
      console.log(
        `${name.padEnd(12)} ${String(values.length).padStart(9)} ${ms(percentile(values, 50))} ${ms(percentile(values, 95))} ` +
          `${ms(percentile(values, 99))}                          ${ms(percentile(stats.waited[name], 99))}`,
      );
    }
    console.log(
      `answers: ${Object.entries(stats.statuses)
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")}`,
    );
    console.log(
      `CPU over ${seconds.toFixed(1)} s: API processes ${apiCpu.toFixed(1)} s (${((100 * apiCpu) / seconds).toFixed(0)}% of one core; ` +
        `${processes} processes), PostgreSQL backends ${pgCpu.toFixed(1)} s (${((100 * pgCpu) / seconds).toFixed(0)}%; ` +
        `${pgPids.length} backends), this script with the payment sandbox ` +
        `${((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)} s`,
    );
    console.log(
      `this script's event-loop delay (in every time above): p50 ${(loopDelay.percentile(50) / 1e6).toFixed(0)} ms, ` +
        `p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
    );
    console.log(
      `e-mails (receipts, waitlist notices) sent by the end ${sold.mails_sent}, still to send ${mailsAtEnd} when the last family was done; ` +
        (mails.seconds === null
          ? `${mails.unsent} still unsent ${MAIL_GRACE_SECONDS} s after`
          : `all sent ${mails.seconds.toFixed(1)} s after the first family came`),
    );
    const room = roomFigures(order, stats);
    printRoom(room);
    if (ROOM) printPace(pace);
    const gaveUp = Object.entries(stats.gaveUp);
    if (gaveUp.length > 0)
      console.log(`given up after ${MAX_BUSY_RETRIES} busy answers: ${gaveUp.map(([k, v]) => `${k} ${v}`).join(", ")}`);
    for (const sample of stats.serverErrorSamples) console.log(`  5xx: ${sample}`);
    for (const sample of stats.checkoutGivenUp.slice(0, 5)) console.log(`  checkout given up on: ${sample}`);
    if (sold.enrolments !== capacity) {
      // Where the seats left are, and the line each one waits for (its first entries, in order).
      const { rows: unsold } = await system.pool.query(
        `select c.name, c.available_seats, c.enrolled_seats, c.held_seats, c.offered_seats, c.waiting_entries,
           (select string_agg(e.state || ' x' || e.size, ', ' order by e.rank)
              from (select * from waitlist_entries where class_id = c.id and state in ('waiting', 'offered')
                    order by rank limit 3) e) as line_head
         from classes c where c.id = any($1::uuid[]) and c.enrolled_seats < c.available_seats`,
        [classIds],
      );
      for (const c of unsold) {
        console.log(
          `  seat left: "${c.name}" ${c.enrolled_seats}/${c.available_seats} enrolled, held ${c.held_seats}, ` +
            `offered ${c.offered_seats}, waiting ${c.waiting_entries}; the line's first: ${c.line_head ?? "none"}`,
        );
      }
    }
    rushRows.push({
      processes,
      soldOutSeconds:
        sold.enrolments === capacity ? Number((sold.last_at - opening / 1000).toFixed(1)) : "not sold out",
      mostSoldSeconds: mostSold ?? "-",
      sold: `${sold.enrolments} of ${capacity}`,
      oversold: inv.oversold,
      countersOutOfStep: inv.heldWrong,
      chargedWithoutSeat: inv.chargedWithoutSeat,
      serverErrors: stats.serverErrors,
      busy: stats.busy,
      gaveUp: Object.values(stats.gaveUp).reduce((n, v) => n + v, 0),
      checkoutP99: Math.round(percentile(stats.latencies.checkout, 99)),
      paymentP99: Math.round(percentile(stats.latencies.payment, 99)),
      listP99: stats.latencies.list.length ? Math.round(percentile(stats.latencies.list, 99)) : "-",
      mailsWaiting: mailsAtEnd,
      mailsDoneSeconds: mails.seconds === null ? `${mails.unsent} left` : Number(mails.seconds.toFixed(1)),
      room: ROOM ? "yes" : "no",
      turnedAway: room.turnedAway,
      troubleAfterAdmission: stats.troubleAfterAdmission,
      fairnessAdmission: room.fairnessAdmission ?? "-",
      fairnessPurchase: room.fairnessPurchase ?? "-",
      roomP50: room.waits.length ? Number((percentile(room.waits, 50) / 1000).toFixed(1)) : "-",
      roomP99: room.waits.length ? Number((percentile(room.waits, 99) / 1000).toFixed(1)) : "-",
      worstStepP99: room.worstStep.p99,
      heldAtEnd: sold.held,
    });
    if (
      sold.enrolments !== capacity ||
      sold.seats !== capacity ||
      inv.oversold > 0 ||
      inv.heldWrong > 0 ||
      inv.chargedWithoutSeat > 0 ||
      stats.serverErrors > 0
    ) {
      failed = true;
    }
    if (ROOM) {
      const missed = missedTargets({ room, stats, sold, capacity, opening, targets: TARGETS });
      for (const target of missed) console.log(`  target missed: ${target}`);
      if (missed.length > 0) failed = true;
    }
  } finally {
    await system.stop();
  }
  return !failed;
}

let ok = true;
const startedOn = machine({ pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test" });
console.log(
  `machine: ${startedOn.cores} x ${startedOn.cpu}; CPU work ${startedOn.cpuWorkMs} ms (lower is faster); ` +
    `PostgreSQL ${startedOn.pgbenchTps ?? "-"} pgbench transactions/s (2 clients, 5 s)`,
);
for (const [i, processes] of PROCESSES.entries()) {
  if (!(await run(processes, i))) {
    ok = false;
    console.log(`FAILED with ${processes} processes: a count that must hold did not`);
  }
}
// Through the room (as registration day is run) and without one (for comparison), each its own file.
writeFigures(ROOM ? "rush" : "rush-no-room", {
  layout: "down",
  title:
    `${FAMILIES} families for ${CLASSES} classes of ${SEATS} seats, arriving over ${ARRIVAL_SECONDS} s from ` +
    `${EARLY_SECONDS} s before the opening, ${ROOM ? "through the waiting room" : "with no waiting room"}`,
  startedOn,
  columns: [
    ["processes", "API processes"],
    ["soldOutSeconds", "sold out after s"],
    ["mostSoldSeconds", "95% sold after s"],
    ["sold", "seats sold"],
    ["oversold", "oversold"],
    ["countersOutOfStep", "counters out of step"],
    ["chargedWithoutSeat", "charged without a seat"],
    ["serverErrors", "5xx"],
    ["busy", "503 very busy"],
    ["gaveUp", "steps given up after 10 busy answers"],
    ["checkoutP99", "checkout p99 ms"],
    ["paymentP99", "payment p99 ms"],
    ["listP99", "list p99 ms"],
    ["mailsWaiting", "e-mails unsent at the end"],
    ["mailsDoneSeconds", "all e-mails sent after s"],
    ["room", "waiting room"],
    ["turnedAway", "families turned away"],
    ["troubleAfterAdmission", "errors or busy once let in"],
    ["fairnessAdmission", "fairness let in"],
    ["fairnessPurchase", "fairness bought"],
    ["roomP50", "in the room p50 s"],
    ["roomP99", "in the room p99 s"],
    ["worstStepP99", "slowest step p99 ms once in"],
    ["heldAtEnd", "seats held at the end"],
  ],
  rows: rushRows,
  verdict: { held: ok },
});
if (!ok) process.exitCode = 1;
