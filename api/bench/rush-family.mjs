// One family on registration day, as the site takes it through (bench/rush.mjs): it opens the class
// list; if the API says a waiting room is in force (the Waiting-Room header), it takes a place in
// line and asks where it stands as the waiting page does, until it is let in with a pass; then it
// looks at one to three classes, puts them in the cart for its campers, checks out, confirms the
// card on the payment sandbox and reports the payment. A class met full sends the family to its
// waitlist. A 503 or 429 with Retry-After is waited out and sent again, as the site does.
import { randomBytes } from "node:crypto";
import { confirmCard } from "../../tools/card-payment.mjs";
import { call } from "./checkout-system.mjs";

export const STEPS = [
  "arrive",
  "line",
  "place",
  "list",
  "class page",
  "cart",
  "checkout",
  "card",
  "payment",
  "remove",
  "waitlist",
];
/** What the site waits out by itself (shared-auth busy.ts). */
const MAX_BUSY_WAIT_SECONDS = 30;
export const MAX_BUSY_RETRIES = 10;
/** A family that has not been let in after this long is counted as turned away. */
const LONGEST_WAIT_MS = 10 * 60_000;

/**
 * How long the waiting page waits before it asks again (the shell's `nextAskMs`): a quarter of the
 * wait it was told, between 2 and 10 seconds.
 */
const nextAskMs = (seconds) => Math.min(10_000, Math.max(2_000, (seconds * 1000) / 4));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function newStats() {
  return {
    latencies: Object.fromEntries(STEPS.map((s) => [s, []])),
    waited: Object.fromEntries(STEPS.map((s) => [s, []])),
    statuses: {},
    requests: 0,
    busy: 0,
    rateLimited: 0,
    serverErrors: 0,
    serverErrorSamples: [],
    /** Checkouts a family gave up on for another answer than a full class (status and message). */
    checkoutGivenUp: [],
    /** Steps still refused after the site's ten tries: the family went on without them. */
    gaveUp: {},
    /** Answers after a family was let in that it should never get: busy, rate-limited, 5xx, "take a place". */
    troubleAfterAdmission: 0,
    troubleSamples: [],
  };
}

/**
 * The journey of every family over `classes`, counted in `stats`. Each family gets, besides its
 * account: `arrivedAt`, `place`, `inAt` (when it learnt it was let in), `paidAt` (its first payment
 * reported), and what it was answered (`bought`, `lined`, `toldFull`).
 */
export function journeys({ stats, classes, sandboxUrl }) {
  const count = (key) => (stats.statuses[key] = (stats.statuses[key] ?? 0) + 1);

  async function step(name, method, url, family, body, headers) {
    const first = performance.now();
    for (let attempt = 0; ; attempt++) {
      const res = await call(family.base, method, url, family, body, headers);
      stats.requests++;
      stats.latencies[name].push(res.ms);
      count(`${name} ${res.status}`);
      const busy = res.status === 503 && /very busy/i.test(res.body?.message ?? "");
      if (busy) stats.busy++;
      else if (res.status >= 500 || res.status === 0) {
        stats.serverErrors++;
        if (stats.serverErrorSamples.length < 5)
          stats.serverErrorSamples.push(`${method} ${url} ${res.status} ${JSON.stringify(res.body)}`);
      }
      if (res.status === 429) stats.rateLimited++;
      if (family.pass && (res.status >= 500 || res.status === 429 || res.status === 0 || res.room === "required")) {
        stats.troubleAfterAdmission++;
        if (stats.troubleSamples.length < 5)
          stats.troubleSamples.push(`${method} ${url} ${res.status} ${res.body?.message ?? ""}`);
      }
      const wait = Number(res.retryAfter);
      if (
        (res.status === 503 || res.status === 429) &&
        res.retryAfter !== null &&
        wait <= MAX_BUSY_WAIT_SECONDS &&
        attempt < MAX_BUSY_RETRIES
      ) {
        await sleep(wait * 1000 + Math.random() * Math.min(1000, wait * 250));
        continue;
      }
      stats.waited[name].push(performance.now() - first);
      if (res.status === 503 || res.status === 429) stats.gaveUp[name] = (stats.gaveUp[name] ?? 0) + 1;
      return res;
    }
  }

  /** The waiting page: a place in line, then asked again until let in. False: never let in. */
  async function waitInLine(f) {
    const browserId = randomBytes(16).toString("base64url");
    const took = await step("line", "POST", "/waiting-room/places", f, { browserId });
    // No room by now (it ended): registration is open to everyone.
    if (took.status === 409) return true;
    if (took.status !== 200) return false;
    let answer = took.body;
    f.place = answer.place;
    const giveUpAt = performance.now() + LONGEST_WAIT_MS;
    while (answer.state !== "in" || !answer.pass) {
      if (performance.now() > giveUpAt) return false;
      await sleep(nextAskMs(answer.seconds));
      const asked = await step("place", "GET", "/waiting-room/places/mine", f, undefined, {
        "waiting-room-ticket": answer.ticket,
      });
      if (asked.status === 409) return true;
      if (asked.status === 200) answer = asked.body;
    }
    f.pass = answer.pass;
    f.inAt = performance.now();
    return true;
  }

  async function shop(f) {
    const picks = [...classes].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3));
    const lines = [];
    const toLine = new Map();
    const refuse = (classId, camperId) => toLine.set(classId, [...(toLine.get(classId) ?? []), camperId]);
    for (const c of picks) {
      await step("class page", "GET", `/classes/${c.id}/availability`, f);
      for (const camperId of f.campers) {
        const added = await step("cart", "POST", "/carts", f, { classItemId: c.id, camperId });
        if (added.status === 201) lines.push({ id: added.body.insertedId, classId: c.id, camperId });
        else if (added.status === 409) {
          if (/full/i.test(added.body?.message ?? "")) f.toldFull = true;
          refuse(c.id, camperId);
        }
      }
    }
    while (lines.length > 0) {
      const checkout = await step("checkout", "POST", "/create-payment-intent", f, {
        cartItemIds: lines.map((l) => l.id),
      });
      if (checkout.status === 200 || checkout.status === 201) {
        const card = performance.now();
        const confirmed = await confirmCard(sandboxUrl, checkout.body.clientSecret);
        stats.latencies.card.push(performance.now() - card);
        stats.waited.card.push(performance.now() - card);
        count(`card ${confirmed}`);
        if (confirmed === 200) {
          const paid = await step("payment", "POST", "/payments", f, { transactionId: checkout.body.paymentIntentId });
          if (paid.status === 200 || paid.status === 201) {
            f.bought = true;
            f.paidAt = performance.now();
          }
        }
        break;
      }
      // A class full by now: one of its campers off the cart and into its line, and the checkout
      // again (as a parent books the one seat left for one child and puts the other in line: the
      // API refuses a line for two while one seat is free, decision 031).
      const full =
        checkout.status === 409 &&
        /is full/.test(checkout.body?.message ?? "") &&
        classes.find((c) => checkout.body?.message?.includes(`"${c.name}"`));
      if (!full) {
        stats.checkoutGivenUp.push(`${checkout.status} ${checkout.body?.message ?? ""}`);
        break;
      }
      f.toldFull = true;
      const line = lines.findLast((l) => l.classId === full.id);
      await step("remove", "DELETE", `/carts/${line.id}`, f);
      refuse(full.id, line.camperId);
      lines.splice(lines.indexOf(line), 1);
    }
    for (const [classId, camperIds] of toLine) {
      const joined = await step("waitlist", "POST", `/classes/${classId}/waitlist`, f, { camperIds });
      if (joined.status === 201) f.lined = true;
    }
  }

  /** A family opens the site; through the room if one is in force, then to the classes. */
  async function arrive(f) {
    f.arrivedAt = performance.now();
    const first = await step("arrive", "GET", "/classes?page=1&size=9", f);
    if (first.room && first.room !== "required") {
      if (!(await waitInLine(f))) return;
      await step("list", "GET", "/classes?page=1&size=9", f);
    }
    await shop(f);
  }

  return { arrive };
}
