#!/usr/bin/env node
// Benchmark: a camp's morning (decision 046). BENCH_COACHES (30) coaches, each with a class of
// BENCH_CAMPERS_PER_CLASS (20) campers meeting today, check every camper in over BENCH_SECONDS
// (600), each check-in at a random moment, sent to one of two API processes on PostgreSQL; one in
// BENCH_RETRY_SHARE (20) is sent again with the same id to the other process while the first is in
// flight (a phone that lost the answer), and each coach reloads Today once a minute. Prints the
// machine's speed, the p50/p95/p99 of a check-in and of Today, and the counts that must hold: every
// camper checked in once (0 lost), one check-in action each (0 duplicated). Writes
// docs/benchmarks/camp-days.json. Run after `npm run build` (the root's `npm run bench:camp-days`).
import { randomUUID } from "node:crypto";
import { call, percentile, startCheckoutSystem } from "./checkout-system.mjs";
import { machine, writeFigures } from "./figures.mjs";

const int = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const COACHES = int("BENCH_COACHES", 30);
const PER_CLASS = int("BENCH_CAMPERS_PER_CLASS", 20);
const SECONDS = int("BENCH_SECONDS", 600);
const RETRY_SHARE = int("BENCH_RETRY_SHARE", 20);
const CAMPERS = COACHES * PER_CLASS;

/** Today at the academy (Portland): the classes meet today, every day of the week. */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const startedOn = machine({ pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test" });
const system = await startCheckoutSystem({ apis: 2, env: { RATE_LIMIT_SENSITIVE: "1000000" } });
/** @type {boolean} */
let failed;
try {
  const bases = system.processes.map((p) => p.url);
  const coaches = await system.addStudents(COACHES);
  await system.pool.query("update users set role = 'instructor' where id = any($1::uuid[])", [
    coaches.map((c) => c.id),
  ]);
  // Two children a family, each family's children in one class.
  const families = await system.addStudents(CAMPERS / 2);
  const classes = [];
  for (const coach of coaches) {
    const id = randomUUID();
    await system.pool.query(
      `insert into classes (id, name, image, instructor_id, available_seats, price_cents, status, sport, start_date, end_date,
         weekdays, start_time, end_time, age_min, age_max)
       values ($1, $2, 'https://example.com/camp.png', $3, $4, 10000, 'approved', 'soccer', $5, $5,
         array['mon','tue','wed','thu','fri','sat','sun'], '09:00', '12:00', 6, 14)`,
      [id, `Morning ${coach.name}`, coach.id, PER_CLASS, today],
    );
    classes.push({ id, coach, campers: [] });
  }
  let n = 0;
  for (const family of families) {
    for (const first of ["Ada", "Ben"]) {
      const cls = classes[Math.floor(n / PER_CLASS)];
      const {
        rows: [camper],
      } = await system.pool.query(
        "insert into campers (family_id, first_name, last_name, date_of_birth) values ($1, $2, $3, '2017-01-15') returning id",
        [family.id, first, `Family${n}`],
      );
      await system.pool.query("insert into enrollments (student_id, class_id, camper_id) values ($1, $2, $3)", [
        family.id,
        cls.id,
        camper.id,
      ]);
      await system.pool.query("update classes set enrolled_seats = enrolled_seats + 1 where id = $1", [cls.id]);
      cls.campers.push(camper.id);
      n++;
    }
  }

  const checkIns = [];
  const todays = [];
  const statuses = new Map();
  const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const started = Date.now();
  const work = [];
  for (const cls of classes) {
    // Today, as the page asks it: at the start, then once a minute.
    for (let at = 0; at < SECONDS * 1000; at += 60_000) {
      work.push(
        sleep(at + Math.random() * 5_000).then(async () => {
          const r = await call(bases[Math.floor(Math.random() * 2)], "GET", "/today", cls.coach);
          count(`today ${r.status}`);
          todays.push(r.ms);
        }),
      );
    }
    for (const camperId of cls.campers) {
      const body = { camper_id: camperId, action: "check_in", client_id: randomUUID().replaceAll("-", "") };
      const side = Math.floor(Math.random() * 2);
      work.push(
        sleep(Math.random() * SECONDS * 1000).then(async () => {
          const sends = [call(bases[side], "POST", `/classes/${cls.id}/attendance`, cls.coach, body)];
          // The phone lost the answer and sends the same action again, to the other process.
          if (Math.random() * RETRY_SHARE < 1)
            sends.push(
              sleep(Math.random() * 20).then(() =>
                call(bases[1 - side], "POST", `/classes/${cls.id}/attendance`, cls.coach, body),
              ),
            );
          for (const r of await Promise.all(sends)) {
            count(`check-in ${r.status} ${r.body?.outcome ?? ""}`.trim());
            checkIns.push(r.ms);
          }
        }),
      );
    }
  }
  await Promise.all(work);
  const seconds = (Date.now() - started) / 1000;

  const {
    rows: [held],
  } = await system.pool.query(
    `select (select count(*)::int from attendance where state = 'in') as checked_in,
            (select count(*)::int from attendance_actions where action = 'check_in') as actions,
            (select count(*)::int from (select camper_id from attendance_actions where action = 'check_in'
               group by class_id, camper_id, day having count(*) > 1) d) as duplicated`,
  );
  const lost = CAMPERS - held.checked_in;
  const p = (values, q) => Math.round(percentile(values, q));
  console.log(
    `${COACHES} coaches, ${CAMPERS} campers checked in over ${seconds.toFixed(0)} s on 2 API processes: ` +
      `check-in p50 ${p(checkIns, 50)} ms, p95 ${p(checkIns, 95)} ms, p99 ${p(checkIns, 99)} ms (${checkIns.length} requests); ` +
      `Today p50 ${p(todays, 50)} ms, p99 ${p(todays, 99)} ms (${todays.length}); lost ${lost}, duplicated ${held.duplicated}`,
  );
  console.log(`answers: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  const errors = [...statuses].filter(([k]) => !/ 200/.test(k)).reduce((s, [, v]) => s + v, 0);
  failed = lost > 0 || held.duplicated > 0 || held.actions !== CAMPERS || errors > 0;
  writeFigures("camp-days", {
    title: `${COACHES} coaches checking ${CAMPERS} campers in over ${SECONDS / 60} minutes, 2 API processes on PostgreSQL`,
    startedOn,
    columns: [
      ["campers", "campers"],
      ["requests", "check-in requests (retries included)"],
      ["p50", "check-in p50 (ms)"],
      ["p95", "check-in p95 (ms)"],
      ["p99", "check-in p99 (ms)"],
      ["todayP99", "Today p99 (ms)"],
      ["lost", "lost"],
      ["duplicated", "duplicated"],
    ],
    rows: [
      {
        campers: CAMPERS,
        requests: checkIns.length,
        p50: p(checkIns, 50),
        p95: p(checkIns, 95),
        p99: p(checkIns, 99),
        todayP99: p(todays, 99),
        lost,
        duplicated: held.duplicated,
      },
    ],
    verdict: { held: !failed, lost, duplicated: held.duplicated, errors },
    notes: [`One check-in in ${RETRY_SHARE} is sent twice with one id, to the other process: done once each time.`],
  });
} finally {
  await system.stop();
}
if (failed) {
  console.log("FAILED: a check-in was lost, done twice or answered with an error");
  process.exitCode = 1;
}
