import { sql } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";

/**
 * A class's seat counts against the rows they count: enrolled + held + offered never above
 * capacity, and each counter equal to its rows (enrolments, pending checkouts' seats, offered
 * entries' seats, waiting entries). The tests check it after every step and every race, and the
 * benchmarks (api/bench) over every class when their load is done: one check for both, so a
 * benchmark can never hold less than the tests do.
 */

/** Each class's counters beside the counts of their rows; `where` narrows it (e.g. one class). */
export const SEAT_COUNTS_SELECT = `
  select c.id, c.available_seats as available, c.enrolled_seats as enrolled, c.held_seats as held,
    c.offered_seats as offered, c.waiting_entries as waiting,
    (select count(*)::int from enrollments e where e.class_id = c.id) as real_enrolled,
    (select count(*)::int from order_items i join orders o on o.id = i.order_id
      where i.class_id = c.id and o.status = 'pending') as real_held,
    (select coalesce(sum(w.size), 0)::int from waitlist_entries w
      where w.class_id = c.id and w.state = 'offered') as real_offered,
    (select count(*)::int from waitlist_entries w where w.class_id = c.id and w.state = 'waiting') as real_waiting
  from classes c`;

const COUNTERS = ["enrolled", "held", "offered", "waiting"] as const;

/** What one row of SEAT_COUNTS_SELECT says: the counters, and what does not hold (none when all is well). */
export function seatProblemsOf(row: Record<string, unknown>) {
  const counts = {
    available: Number(row.available),
    enrolled: Number(row.enrolled),
    held: Number(row.held),
    offered: Number(row.offered),
    waiting: Number(row.waiting),
  };
  const problems: string[] = [];
  // Seats enrolled, held by checkouts or kept for a line's offer: together never above capacity,
  // counted by the counters or by the rows.
  const taken = (n: (name: (typeof COUNTERS)[number]) => number) => n("enrolled") + n("held") + n("offered");
  if (
    taken((name) => counts[name]) > counts.available ||
    taken((name) => Number(row[`real_${name}`])) > counts.available
  )
    problems.push("more seats taken than the class has");
  for (const name of COUNTERS) {
    if (counts[name] !== Number(row[`real_${name}`])) {
      problems.push(`${name} is ${counts[name]} but its rows say ${row[`real_${name}`]}`);
    }
  }
  return { ...counts, problems };
}

/** Every class whose seats do not add up, with what does not hold. */
export function seatProblems(rows: Record<string, unknown>[]): { id: string; problems: string[] }[] {
  return rows
    .map((row) => ({ id: String(row.id), problems: seatProblemsOf(row).problems }))
    .filter((c) => c.problems.length > 0);
}

export async function seatCounts(db: Db, classId: string) {
  const result = (await db.execute(sql`${sql.raw(SEAT_COUNTS_SELECT)} where c.id = ${classId}`)) as unknown as {
    rows: Record<string, number>[];
  };
  const row = result.rows[0];
  if (!row) throw new Error(`no class ${classId}`);
  return seatProblemsOf(row);
}
