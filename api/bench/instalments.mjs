// A morning of payment plans' instalments (decision 040): BENCH_INSTALMENTS (10,000) due at once,
// charged by two API processes against the payment sandbox, each at INSTALMENT_CHARGES_PER_SECOND
// (12: the rate is a process's, so two share the account's 25 with one to spare), with the sandbox
// holding them to BENCH_SANDBOX_RPS requests a second (25, Stripe's test-mode limit; 0 for none). Prints the time to charge them all, the charges per second, how many were
// charged twice (0) or missed (0), and how that compares with Stripe's documented limits; writes
// docs/benchmarks/instalments.json. Run after `npm run build` (the root's `npm run bench:instalments`).
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { startCheckoutSystem } from "./checkout-system.mjs";
import { machine, writeFigures } from "./figures.mjs";
import { BENCH_SECRET_KEY } from "./providers.mjs";

const N = Number(process.env.BENCH_INSTALMENTS ?? 10_000);
const RATE = Number(process.env.INSTALMENT_CHARGES_PER_SECOND ?? 12);
const SANDBOX_RPS = Number(process.env.BENCH_SANDBOX_RPS ?? 25);
const FAMILIES = 50;
const PRICE = 10_000;
const DEPOSIT = 5_000;
const STALL_MS = 120_000;

const startedOn = machine();
const system = await startCheckoutSystem({
  apis: 2,
  env: { INSTALMENT_CHECK_SECONDS: "1", INSTALMENT_CHARGES_PER_SECOND: String(RATE) },
});
/** @type {boolean} */
let failed;
try {
  const url = new URL(system.sandbox.url);
  const stripe = new Stripe(BENCH_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: "http" });
  const students = await system.addStudents(FAMILIES);
  const classId = await system.addClass(N);
  // Each family: its own camper ("Myself"), a Customer with a saved card.
  const families = [];
  for (const student of students) {
    const customer = await stripe.customers.create({ email: student.email });
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const [camper] = (
      await system.pool.query(
        "insert into campers (family_id, is_self, first_name, last_name) values ($1, true, $2, '') returning id",
        [student.id, student.name],
      )
    ).rows;
    families.push({ id: student.id, camperId: camper.id, customer: customer.id, card: card.id });
  }
  const planId = randomUUID();
  const plan = {
    planId,
    name: "Bench plan",
    summary: "50% today, the rest later",
    parts: [{ due: "2026-01-01", deposit: true, totalCents: DEPOSIT, seats: [] }],
  };
  // The orders, their lines and their instalments, due yesterday on the academy's calendar: one transaction.
  const client = await system.pool.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into orders (student_id, amount_cents, status, expires_at, plan, payment_customer_id, payment_method_id)
       select f.id, $1, 'paid', now(), $2::jsonb, f.customer, f.card
       from generate_series(0, $3 - 1) g
       join unnest($4::uuid[], $5::text[], $6::text[]) with ordinality as f(id, customer, card, n) on f.n = g % $7 + 1`,
      [
        DEPOSIT,
        JSON.stringify(plan),
        N,
        families.map((f) => f.id),
        families.map((f) => f.customer),
        families.map((f) => f.card),
        FAMILIES,
      ],
    );
    await client.query(
      `insert into order_items (order_id, class_id, camper_id, price_cents, paid_cents)
       select o.id, $1, c.id, $2, $3 from orders o join campers c on c.family_id = o.student_id and c.is_self
       where o.plan->>'planId' = $4`,
      [classId, PRICE, DEPOSIT, planId],
    );
    await client.query(
      `with made as (
         insert into instalments (order_id, student_id, due_day, amount_cents)
         select o.id, o.student_id, (now() at time zone 'America/Los_Angeles')::date - 1, $1
         from orders o where o.plan->>'planId' = $2
         returning id, order_id)
       insert into instalment_seats (instalment_id, order_id, class_id, camper_id, cents)
       select m.id, m.order_id, i.class_id, i.camper_id, $1 from made m join order_items i on i.order_id = m.order_id`,
      [PRICE - DEPOSIT, planId],
    );
    if (SANDBOX_RPS > 0) system.sandbox.setRequestsPerSecond(SANDBOX_RPS);
    await client.query("commit");
  } finally {
    client.release();
  }
  const started = Date.now();
  console.log(
    `${N} instalments due; 2 API processes at ${RATE} charges/s each; the sandbox at ${SANDBOX_RPS || "no"} requests/s`,
  );
  let paid = 0;
  let lastProgress = Date.now();
  for (;;) {
    const { rows } = await system.pool.query(
      "select count(*) filter (where status = 'paid')::int as paid, count(*) filter (where status = 'failed')::int as failed from instalments",
    );
    if (rows[0].paid !== paid) lastProgress = Date.now();
    paid = rows[0].paid;
    if (paid + rows[0].failed >= N || Date.now() - lastProgress > STALL_MS) break;
    if ((Date.now() - started) % 10_000 < 500)
      console.log(`  ${paid} charged after ${Math.round((Date.now() - started) / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = (Date.now() - started) / 1000;
  const { rows: byProcess } = await system.pool.query(
    "select claimed_by as by, count(*)::int as n from instalments group by claimed_by order by claimed_by",
  );
  const { rows: totals } = await system.pool.query(
    `select (select count(*)::int from payments where kind = 'instalment') as payments,
            (select coalesce(sum(amount_cents), 0)::int from payments where kind = 'instalment') as cents,
            (select count(*)::int from order_items where paid_cents <> price_cents) as short`,
  );
  // At the provider: every PaymentIntent that succeeded, by the instalment it was for.
  const succeeded = new Map();
  for (const intent of system.intents.values()) {
    const id = intent.metadata?.instalmentId;
    if (id && intent.status === "succeeded") succeeded.set(id, (succeeded.get(id) ?? 0) + 1);
  }
  const twice = [...succeeded.values()].filter((n) => n > 1).length;
  const missed = N - paid;
  const perSecond = paid / seconds;
  const stripeMinimum = N / 25;
  console.log(
    `charged ${paid} of ${N} in ${seconds.toFixed(1)} s: ${perSecond.toFixed(1)} charges/s; charged twice ${twice}, missed ${missed}; ` +
      `payments recorded ${totals[0].payments} (${totals[0].cents} cents), lines not fully paid ${totals[0].short}`,
  );
  console.log(`by process: ${byProcess.map((r) => `${r.by} ${r.n}`).join(", ")}`);
  const comparison = `Stripe creates at most 25 PaymentIntents a second by default (100 requests a second in live mode): ${N} take at least ${stripeMinimum.toFixed(0)} s there; this run took ${seconds.toFixed(0)} s, ${(seconds / stripeMinimum).toFixed(2)} times that floor, at ${((perSecond / 25) * 100).toFixed(0)}% of the limit.`;
  console.log(comparison);
  failed =
    twice > 0 ||
    missed > 0 ||
    totals[0].payments !== N ||
    totals[0].cents !== N * (PRICE - DEPOSIT) ||
    totals[0].short > 0;
  writeFigures("instalments", {
    title: `${N} instalments due on one morning, charged by 2 API processes on PostgreSQL against the payment sandbox`,
    startedOn,
    columns: [
      ["instalments", "instalments"],
      ["ratePerProcess", "charges/s per process"],
      ["sandboxLimit", "sandbox limit (req/s)"],
      ["seconds", "time to charge all (s)"],
      ["perSecond", "charges/s"],
      ["twice", "charged twice"],
      ["missed", "missed"],
    ],
    rows: [
      {
        instalments: N,
        ratePerProcess: RATE,
        sandboxLimit: SANDBOX_RPS || "none",
        seconds: Number(seconds.toFixed(1)),
        perSecond: Number(perSecond.toFixed(1)),
        twice,
        missed,
      },
    ],
    verdict: { held: !failed, charged: paid, twice, missed, processes: byProcess.length },
    notes: [comparison],
  });
} finally {
  await system.stop();
}
if (failed) {
  console.log("FAILED: an instalment was charged twice or missed");
  process.exitCode = 1;
}
