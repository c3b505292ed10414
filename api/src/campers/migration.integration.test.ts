import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { SEED_USERS } from "../seed/index.js";

/**
 * Migration 0010 (families, decision 030) on a copy of the seed data with bookings made before families
 * existed: every cart line, order line and enrolment becomes the account holder's own "Myself"
 * camper's; nothing is lost and every amount and seat count stays as it was.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, "../../drizzle");
const BEFORE_FAMILIES = 10; // migrations 0000-0009

/** The migrations folder as it was before families: the first `count` migrations only. */
function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "academy-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migrating bookings made before families", () => {
  const client = new PGlite();
  const folders: string[] = [];
  afterAll(async () => {
    await client.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it("gives every existing booking to its account's own Myself camper, with the same amounts and seats", async () => {
    const old = migrationsUpTo(BEFORE_FAMILIES);
    folders.push(old);
    await migrate(drizzle(client), { migrationsFolder: old });
    // The seed's people and a few classes, in the columns they had then (the seed code of today
    // writes today's columns), then bookings in the shape they had then.
    for (const u of SEED_USERS) {
      await client.query("insert into users (id, email, name, role, photo) values ($1, $2, $3, $4, $5)", [
        u.id,
        u.email,
        u.name,
        u.role,
        u.photo,
      ]);
    }
    const maya = SEED_USERS.find((u) => u.role === "instructor")!.id;
    for (const [n, price, enrolled] of [
      [1, 14_900, 4],
      [2, 12_900, 0],
      [3, 17_900, 2],
    ] as const) {
      await client.query(
        `insert into classes (id, name, image, instructor_id, available_seats, enrolled_seats, price_cents, status)
         values ($1, $2, '/images/seed/classes/soccer.svg', $3, 20, $4, $5, 'approved')`,
        [`00000000-0000-4000-9000-00000000000${n}`, `Class ${n}`, maya, enrolled, price],
      );
    }
    const [sam, lee] = ["sam@example.com", "lee@example.com"].map((e) => SEED_USERS.find((u) => u.email === e)!.id);
    const { rows: someClasses } = await client.query<{ id: string; price_cents: number }>(
      "select id, price_cents from classes where status = 'approved' order by id limit 3",
    );
    const [c1, c2, c3] = someClasses.map((c) => c.id);
    await client.exec(`
      insert into cart_items (student_id, class_id) values ('${sam}', '${c1}'), ('${lee}', '${c1}');
      insert into orders (id, student_id, amount_cents, status, expires_at, payment_intent_id)
        values ('00000000-0000-4000-8000-00000000a001', '${sam}', ${someClasses[1]!.price_cents + someClasses[2]!.price_cents}, 'paid', now(), 'pi_before_families');
      insert into order_items (order_id, class_id, price_cents) values
        ('00000000-0000-4000-8000-00000000a001', '${c2}', ${someClasses[1]!.price_cents}),
        ('00000000-0000-4000-8000-00000000a001', '${c3}', ${someClasses[2]!.price_cents});
      insert into payments (order_id, student_id, transaction_id, amount_cents, quantity)
        values ('00000000-0000-4000-8000-00000000a001', '${sam}', 'pi_before_families', ${someClasses[1]!.price_cents + someClasses[2]!.price_cents}, 2);
      insert into enrollments (student_id, class_id, order_id) values
        ('${sam}', '${c2}', '00000000-0000-4000-8000-00000000a001'),
        ('${sam}', '${c3}', '00000000-0000-4000-8000-00000000a001');
    `);
    const figures = async () =>
      (
        await client.query(`select
          (select count(*)::int from cart_items) as cart_lines,
          (select count(*)::int from order_items) as order_lines,
          (select count(*)::int from enrollments) as enrolments,
          (select sum(amount_cents)::int from payments) as paid,
          (select sum(amount_cents)::int from orders) as ordered,
          (select sum(price_cents)::int from order_items) as lines_total,
          (select sum(enrolled_seats)::int from classes) as enrolled_seats`)
      ).rows[0];
    const before = await figures();

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });

    expect(await figures()).toEqual(before);
    const { rows: campers } = await client.query<{ family_id: string; is_self: boolean; first_name: string }>(
      "select family_id, is_self, first_name from campers order by first_name",
    );
    expect(campers).toEqual([
      { family_id: lee, is_self: true, first_name: SEED_USERS.find((u) => u.id === lee)!.name },
      { family_id: sam, is_self: true, first_name: SEED_USERS.find((u) => u.id === sam)!.name },
    ]);
    const { rows: strays } = await client.query(`
      select 'cart' from cart_items c join campers k on k.id = c.camper_id where k.family_id <> c.student_id or not k.is_self
      union all
      select 'order' from order_items i join orders o on o.id = i.order_id join campers k on k.id = i.camper_id
        where k.family_id <> o.student_id or not k.is_self
      union all
      select 'enrolment' from enrollments e join campers k on k.id = e.camper_id where k.family_id <> e.student_id or not k.is_self`);
    expect(strays).toEqual([]);
    // The database itself now refuses a seat for another family's camper.
    const [samSelf] = (await client.query<{ id: string }>(`select id from campers where family_id = '${sam}'`)).rows;
    await expect(
      client.exec(
        `insert into cart_items (student_id, class_id, camper_id) values ('${lee}', '${c2}', '${samSelf!.id}')`,
      ),
    ).rejects.toThrow(/cart_items_family_camper_fk/);
  });
});
