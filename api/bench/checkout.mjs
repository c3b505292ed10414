#!/usr/bin/env node
// Benchmark: checkouts under contention on PostgreSQL. In each round, BENCH_STUDENTS students
// (default 200) race for a class of BENCH_SEATS seats (default 10) over two API processes, each
// the way the site does it: into the cart, POST /create-payment-intent (a seat hold and a
// PaymentIntent), the card confirmed on the payment sandbox with the publishable key and the client
// secret (as Stripe.js does), then POST /payments. Prints purchases per second, p50/p99 latency and
// what must hold: seats sold exactly the class's seats, none oversold, nobody charged without a seat.
// Usage: npm run bench:checkout   (builds the API first; BENCH_PG_URL picks the PostgreSQL server,
// a scratch database is created and dropped; BENCH_ROUNDS rounds, default 3).
import { buy, invariants, percentile, startCheckoutSystem } from "./checkout-system.mjs";
import { machine, writeFigures } from "./figures.mjs";

const studentsPerRound = Number(process.env.BENCH_STUDENTS ?? 200);
const seats = Number(process.env.BENCH_SEATS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const startedOn = machine();
const system = await startCheckoutSystem({ apis: 2 });
let failed = false;
const table = [];
try {
  console.log(
    `${rounds} rounds: ${studentsPerRound} students race for ${seats} seats over ${system.processes.length} API processes on PostgreSQL`,
  );
  const ms = (v) => `${Math.round(v)} ms`.padStart(7);
  const totals = { seconds: 0, purchases: 0, latencies: [], checkoutLatencies: [] };
  for (let round = 1; round <= rounds; round++) {
    const classId = await system.addClass(seats);
    const students = await system.addStudents(studentsPerRound);
    const started = performance.now();
    const results = await Promise.all(
      students.map((student, i) => buy(system, system.processes[i % system.processes.length].url, student, classId)),
    );
    const seconds = (performance.now() - started) / 1000;
    // The webhook settles the same payments; let it finish before counting.
    await new Promise((r) => setTimeout(r, 1_000));
    const {
      rows: [row],
    } = await system.pool.query(
      `select enrolled_seats::int as sold, held_seats::int as held, (select count(*)::int from enrollments where class_id = $1) as enrolments
       from classes where id = $1`,
      [classId],
    );
    const steps = {};
    for (const r of results) steps[`${r.step} ${r.status}`] = (steps[`${r.step} ${r.status}`] ?? 0) + 1;
    const paid = results.filter((r) => r.step === "paid");
    const latencies = results.map((r) => r.ms);
    const checkoutLatencies = results.flatMap((r) => (r.checkoutMs === undefined ? [] : [r.checkoutMs]));
    totals.seconds += seconds;
    totals.purchases += results.length;
    totals.latencies.push(...latencies);
    totals.checkoutLatencies.push(...checkoutLatencies);
    console.log(
      `round ${round}: ${(results.length / seconds).toFixed(0)} checkouts/s (${results.length} in ${seconds.toFixed(2)} s), ` +
        `purchase p50 ${ms(percentile(latencies, 50))} p99 ${ms(percentile(latencies, 99))}, ` +
        `POST /create-payment-intent p50 ${ms(percentile(checkoutLatencies, 50))} p99 ${ms(percentile(checkoutLatencies, 99))}; ` +
        `seats sold ${row.sold} (enrolments ${row.enrolments}, held ${row.held}), paid answers ${paid.length}; ` +
        Object.entries(steps)
          .map(([k, v]) => `${k}: ${v}`)
          .join(", "),
    );
    if (row.sold !== seats || row.enrolments !== seats) failed = true;
    table.push({
      round: String(round),
      perSecond: Math.round(results.length / seconds),
      purchaseP50: Math.round(percentile(latencies, 50)),
      purchaseP99: Math.round(percentile(latencies, 99)),
      checkoutP50: Math.round(percentile(checkoutLatencies, 50)),
      checkoutP99: Math.round(percentile(checkoutLatencies, 99)),
      sold: row.enrolments,
    });
  }
  const inv = await invariants(system);
  console.log(
    `all rounds: ${(totals.purchases / totals.seconds).toFixed(0)} checkouts/s, purchase p50 ${ms(percentile(totals.latencies, 50))} ` +
      `p99 ${ms(percentile(totals.latencies, 99))}, POST /create-payment-intent p50 ${ms(percentile(totals.checkoutLatencies, 50))} ` +
      `p99 ${ms(percentile(totals.checkoutLatencies, 99))}`,
  );
  console.log(
    `seats sold ${inv.payments} of ${rounds * seats} (must be equal), oversold ${inv.oversold}, counters out of step ${inv.heldWrong}, ` +
      `charged without a seat ${inv.chargedWithoutSeat}, ` +
      `intents made ${inv.intents}, succeeded ${inv.succeeded}`,
  );
  if (inv.oversold > 0 || inv.heldWrong > 0 || inv.chargedWithoutSeat > 0 || inv.payments !== rounds * seats)
    failed = true;
  for (const problem of inv.seatProblems) console.log(`  seats: ${problem}`);
  table.push({
    round: "all",
    perSecond: Math.round(totals.purchases / totals.seconds),
    purchaseP50: Math.round(percentile(totals.latencies, 50)),
    purchaseP99: Math.round(percentile(totals.latencies, 99)),
    checkoutP50: Math.round(percentile(totals.checkoutLatencies, 50)),
    checkoutP99: Math.round(percentile(totals.checkoutLatencies, 99)),
    sold: inv.payments,
  });
  writeFigures("checkout", {
    title: `${rounds} rounds: ${studentsPerRound} students race for ${seats} seats over ${system.processes.length} API processes on PostgreSQL`,
    startedOn,
    columns: [
      ["round", "round"],
      ["perSecond", "checkouts/s"],
      ["purchaseP50", "purchase p50 ms"],
      ["purchaseP99", "purchase p99 ms"],
      ["checkoutP50", "checkout p50 ms"],
      ["checkoutP99", "checkout p99 ms"],
      ["sold", "seats sold"],
    ],
    rows: table,
    verdict: {
      held: !failed,
      seatsSold: inv.payments,
      seatsOnSale: rounds * seats,
      oversold: inv.oversold,
      countersOutOfStep: inv.heldWrong,
      chargedWithoutSeat: inv.chargedWithoutSeat,
    },
  });
} finally {
  await system.stop();
}
if (failed) {
  console.log("FAILED: an invariant did not hold");
  process.exitCode = 1;
}
