import { sql } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import * as clock from "../platform/clock.js";
import { inSeedSummer } from "./calendar.js";
import { LEVELS, SPORTS } from "../platform/database/schema.js";

/**
 * A catalogue of any size for the benchmarks and the query-plan test: `classes` classes (about
 * nine in ten approved) taught by `instructors` instructors, and `students` students, made by
 * PostgreSQL itself (generate_series) in a few statements, with realistic camp sessions. Ids are
 * derived from the row number, so the same call twice adds nothing. Ends with ANALYZE, so that
 * the planner knows the sizes.
 *
 * The classes' enrolled seats are counters only (no enrolments, orders or payments behind them,
 * unlike the site's seed, families.ts): the catalogue's pages show and sort by them, which is what
 * the benchmarks measure; no roster or revenue figure of this data set is meant to be read.
 */
export async function seedScale(
  db: Db,
  { classes, instructors, students }: { classes: number; instructors: number; students: number },
): Promise<void> {
  const list = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(", ")}]`);
  const first = list(["Alex", "Bea", "Chen", "Dana", "Eli", "Fatima", "Gus", "Ines", "Jon", "Kira", "Luis", "Mei"]);
  // Sessions start on the twelve Mondays from the week before the seeded summer's camp opens (as the seed's classes).
  const firstMonday = inSeedSummer("2027-06-07", clock.now());
  const last = list(["Adams", "Brown", "Costa", "Diaz", "Evans", "Fischer", "Garcia", "Haddad", "Ito", "Jensen"]);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, email, name, role, photo)
      select md5('scale-instructor-' || n)::uuid, 'coach' || n || '@scale.academy',
             (${first})[1 + n % 12] || ' ' || (${last})[1 + (n / 12) % 10] || ' ' || n,
             'instructor', '/images/seed/people/maya.svg'
      from generate_series(1, ${instructors}::int) n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into users (id, email, name, role)
      select md5('scale-student-' || n)::uuid, 'camper' || n || '@scale.example',
             (${first})[1 + (n / 10) % 12] || ' ' || (${last})[1 + n % 10] || ' ' || n, 'student'
      from generate_series(1, ${students}::int) n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into classes (id, name, image, instructor_id, available_seats, enrolled_seats, price_cents,
                           details, status, sport, start_date, end_date, weekdays, start_time, end_time,
                           age_min, age_max, level, location, created_at)
      select md5('scale-class-' || n)::uuid,
             initcap(replace(sport, '-', ' ')) || ' ' || (array['Camp', 'Clinic', 'Skills', 'Week', 'Academy'])[1 + (n / 13) % 5] || ' ' || n,
             '/images/seed/classes/' || sport || '.svg',
             md5('scale-instructor-' || (1 + n % ${instructors}::int))::uuid,
             seats, (n * 7) % (seats + 1), 4900 + (n * 37) % 20000,
             'A week of ' || replace(sport, '-', ' ') || ' for ' || level || ' players: drills, games and a final match.',
             case when n % 10 = 0 then 'pending' when n % 29 = 0 then 'denied' else 'approved' end,
             sport, monday, monday + (case when n % 3 = 0 then 4 else 11 end),
             case when n % 4 = 0 then '{mon,wed,fri}'::text[] else '{mon,tue,wed,thu,fri}'::text[] end,
             case when n % 2 = 0 then time '09:00' else time '13:30' end,
             case when n % 2 = 0 then time '12:00' else time '16:30' end,
             age_min, least(18, age_min + 2 + n % 4), level,
             (array['Field 1', 'Field 2', 'Indoor court', 'Pool', 'Track', 'Gym hall'])[1 + n % 6],
             now() - n * interval '1 minute'
      from (
        select n, 8 + n % 23 as seats, (${list(SPORTS)})[1 + n % ${SPORTS.length}] as sport,
               (${list(LEVELS)})[1 + (n / 7) % ${LEVELS.length}] as level, 5 + (n / 3) % 12 as age_min,
               ${firstMonday}::date + 7 * ((n / 5) % 12) as monday
        from generate_series(1, ${classes}::int) n
      ) g
      on conflict do nothing`);
  });
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze classes`);
}
