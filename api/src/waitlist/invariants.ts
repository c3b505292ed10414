import { sql } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";

/**
 * A class's seat counts against the rows they count (issue 30): enrolled + held + offered never
 * above capacity, and each counter equal to its rows (enrolments, pending checkouts' seats, offered
 * entries' seats, waiting entries). The tests check it after every step and every race.
 */
export async function seatCounts(db: Db, classId: string) {
  const result = (await db.execute(sql`
    select c.available_seats as available, c.enrolled_seats as enrolled, c.held_seats as held,
      c.offered_seats as offered, c.waiting_entries as waiting,
      (select count(*)::int from enrollments e where e.class_id = c.id) as real_enrolled,
      (select count(*)::int from order_items i join orders o on o.id = i.order_id
        where i.class_id = c.id and o.status = 'pending') as real_held,
      (select coalesce(sum(w.size), 0)::int from waitlist_entries w
        where w.class_id = c.id and w.state = 'offered') as real_offered,
      (select count(*)::int from waitlist_entries w where w.class_id = c.id and w.state = 'waiting') as real_waiting
    from classes c where c.id = ${classId}`)) as unknown as { rows: Record<string, number>[] };
  const row = result.rows[0];
  if (!row) throw new Error(`no class ${classId}`);
  const counts = {
    available: Number(row.available),
    enrolled: Number(row.enrolled),
    held: Number(row.held),
    offered: Number(row.offered),
    waiting: Number(row.waiting),
  };
  const problems: string[] = [];
  if (counts.enrolled + counts.held + counts.offered > counts.available)
    problems.push("more seats taken than the class has");
  for (const name of ["enrolled", "held", "offered", "waiting"] as const) {
    if (counts[name] !== Number(row[`real_${name}`])) {
      problems.push(`${name} is ${counts[name]} but its rows say ${row[`real_${name}`]}`);
    }
  }
  return { ...counts, problems };
}
