import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN, MAYA, useTestApi } from "../../test/harness.js";
import { seed, SEED_USERS } from "./index.js";

/**
 * The seed agrees with itself: every enrolled seat a seeded class counts is an
 * enrolment of a seeded family's child, bought in a paid order with its payment; so the cards'
 * "Enrolled N", the rosters, Admin Home's figures and the payment histories all add up.
 */
const api = useTestApi();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface ClassRow {
  id: string;
  name: string;
  instructor_id: string;
  enrolled_seats: number;
  enrolments: number;
  paid_lines: number;
  start_date: string;
  age_min: number;
  age_max: number;
}

const seededClasses = () =>
  rows<ClassRow>(sql`
    select c.id, c.name, c.instructor_id, c.enrolled_seats, c.start_date::text as start_date, c.age_min, c.age_max,
      (select count(*)::int from enrollments e where e.class_id = c.id) as enrolments,
      (select count(*)::int from order_items i join orders o on o.id = i.order_id
        where i.class_id = c.id and o.status = 'paid') as paid_lines
    from classes c order by c.name`);

describe("the seed's figures and lists agree", () => {
  it("every seeded class's enrolled count is its enrolments, each bought in a paid order", async () => {
    const classes = await seededClasses();
    expect(classes).toHaveLength(15);
    expect(classes.reduce((n, c) => n + c.enrolled_seats, 0)).toBeGreaterThan(100);
    for (const c of classes) {
      expect({ name: c.name, enrolled: c.enrolled_seats }).toEqual({ name: c.name, enrolled: c.enrolments });
      expect({ name: c.name, paid: c.paid_lines }).toEqual({ name: c.name, paid: c.enrolments });
    }
    // The figures the site has shown from the start stay: "6 seats left of 24" on Junior Soccer Skills.
    expect(classes.find((c) => c.name === "Junior Soccer Skills")?.enrolled_seats).toBe(18);
    expect(classes.find((c) => c.name === "Basketball Fundamentals")?.enrolled_seats).toBe(20);
  });

  it("each payment is its order's lines at the prices paid, and each enrolment is a line of a paid order", async () => {
    const mismatched = await rows(sql`
      select p.id from payments p join orders o on o.id = p.order_id
      where o.status <> 'paid' or p.student_id <> o.student_id or p.amount_cents <> o.amount_cents
        or p.amount_cents <> (select sum(i.price_cents) from order_items i where i.order_id = o.id)
        or p.quantity <> (select count(*) from order_items i where i.order_id = o.id)`);
    expect(mismatched).toEqual([]);
    const orphans = await rows(sql`
      select e.id from enrollments e
      left join order_items i on i.order_id = e.order_id and i.class_id = e.class_id and i.camper_id = e.camper_id
      left join orders o on o.id = e.order_id
      where i.order_id is null or o.status <> 'paid' or o.student_id <> e.student_id`);
    expect(orphans).toEqual([]);
    const unpaidOrders = await rows(sql`
      select o.id from orders o where o.status = 'paid' and not exists (select 1 from payments p where p.order_id = o.id)`);
    expect(unpaidOrders).toEqual([]);
    // Whole cents at each class's list price, with no discount (none is seeded).
    const lines = await rows<{ price: number; list: number; class_price: number }>(sql`
      select i.price_cents as price, i.list_price_cents as list, c.price_cents as class_price
      from order_items i join classes c on c.id = i.class_id`);
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines) expect([line.price, line.list]).toEqual([line.class_price, line.class_price]);
  });

  it("every seat is a child of the family, of the class's ages, in no two classes at the same time", async () => {
    const seats = await rows<{ age: number; age_min: number; age_max: number; family: string; student: string }>(sql`
      select extract(year from age(c.start_date, k.date_of_birth))::int as age, c.age_min, c.age_max,
        k.family_id as family, e.student_id as student
      from enrollments e join campers k on k.id = e.camper_id join classes c on c.id = e.class_id`);
    expect(seats.length).toBeGreaterThan(100);
    for (const s of seats) {
      expect(s.family).toBe(s.student);
      expect(s.age).toBeGreaterThanOrEqual(s.age_min);
      expect(s.age).toBeLessThanOrEqual(s.age_max);
    }
    const clashes = await rows(sql`
      select a.id from enrollments a join enrollments b on a.camper_id = b.camper_id and a.id < b.id
      join classes x on x.id = a.class_id join classes y on y.id = b.class_id
      where x.start_date <= y.end_date and y.start_date <= x.end_date
        and x.start_time < y.end_time and y.start_time < x.end_time and x.weekdays && y.weekdays`);
    expect(clashes).toEqual([]);
  });

  it("each instructor's roster lists as many campers as the class's enrolled count, with an emergency contact each", async () => {
    const classes = await seededClasses();
    const maya = classes.filter((c) => c.instructor_id === MAYA.id && c.enrolled_seats > 0);
    expect(maya.length).toBeGreaterThan(0);
    for (const c of maya) {
      const res = await api.call({ method: "GET", url: `/classes/${c.id}/roster`, as: MAYA });
      expect(res.statusCode, res.body).toBe(200);
      const roster = res.json() as { camper: { age: number; emergency_contacts: unknown[] } }[];
      expect(roster).toHaveLength(c.enrolled_seats);
      for (const entry of roster) {
        expect(entry.camper.age).toBeGreaterThanOrEqual(c.age_min);
        expect(entry.camper.emergency_contacts).toHaveLength(1);
      }
    }
    const mine = (await api.call({ method: "GET", url: `/myclasses?email=${MAYA.email}`, as: MAYA })).json() as {
      enrolled_seats: number;
    }[];
    const revenue = (
      await api.call({ method: "GET", url: `/myclasses/revenue?email=${MAYA.email}`, as: MAYA })
    ).json() as {
      paidSeats: number;
      revenue: number;
    };
    expect(revenue.paidSeats).toBe(mine.reduce((n, c) => n + c.enrolled_seats, 0));
    const [expected] = await rows<{ cents: number }>(sql`
      select sum(i.price_cents)::int as cents from order_items i join classes c on c.id = i.class_id
      where c.instructor_id = ${MAYA.id}`);
    expect(Math.round(revenue.revenue * 100)).toBe(expected!.cents);
  });

  it("Admin Home's enrolments and revenue are the seats and payments there are", async () => {
    const stats = (await api.call({ method: "GET", url: "/admin/stats", as: ADMIN })).json() as {
      users: { student: number; total: number };
      enrollments: number;
      revenue: number;
    };
    const classes = await seededClasses();
    expect(stats.enrollments).toBe(classes.reduce((n, c) => n + c.enrolled_seats, 0));
    const [paid] = await rows<{ cents: number; families: number }>(sql`
      select sum(amount_cents)::int as cents, count(distinct student_id)::int as families from payments`);
    expect(Math.round(stats.revenue * 100)).toBe(paid!.cents);
    expect(stats.users.student).toBe(SEED_USERS.filter((u) => u.role === "student").length + paid!.families);
  });

  it("a family's payment history lists its payment with every seat it bought", async () => {
    const [family] = await rows<{ id: string; email: string; seats: number; cents: number }>(sql`
      select p.student_id as id, u.email, p.quantity as seats, p.amount_cents as cents
      from payments p join users u on u.id = p.student_id order by p.quantity desc, p.id limit 1`);
    const history = (
      await api.call({
        method: "GET",
        url: `/payments?email=${family!.email}`,
        as: { id: family!.id, email: family!.email },
      })
    ).json() as { price: number; classItems: string[]; camperNames: string[] }[];
    expect(history).toHaveLength(1);
    expect(history[0]!.classItems).toHaveLength(family!.seats);
    expect(history[0]!.camperNames).toHaveLength(family!.seats);
    expect(Math.round(history[0]!.price * 100)).toBe(family!.cents);
  });

  it("a seeded payment is not refunded to a card (409, said why); its seat can be cancelled without a refund", async () => {
    const [seat] = await rows<{ id: string; payment: string; class_id: string }>(sql`
      select e.id, p.id as payment, e.class_id from enrollments e join payments p on p.order_id = e.order_id
      order by e.id limit 1`);
    // The quote says so before anyone tries: nothing to refund, and why.
    const quote = await api.call({ method: "GET", url: `/enrollments/${seat!.id}/cancellation`, as: ADMIN });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().cancellation).toMatchObject({ refundCents: 0, noCard: true });
    expect(quote.json().cancellation.text).toMatch(
      /^This seat was not paid by card \(sample data\): cancelling it refunds nothing of the \$\d+\.\d\d\.$/,
    );
    const goodwill = await api.call({
      method: "POST",
      url: `/admin/payments/${seat!.payment}/refund`,
      as: ADMIN,
      payload: { refundCents: 100, reason: "Goodwill" },
    });
    expect(goodwill.statusCode, goodwill.body).toBe(409);
    expect(goodwill.json().message).toContain("no card to refund");
    const withRefund = await api.call({
      method: "POST",
      url: `/enrollments/${seat!.id}/cancel`,
      as: ADMIN,
      payload: { refundCents: 100, reason: "Moved away" },
    });
    expect(withRefund.statusCode, withRefund.body).toBe(409);
    expect(withRefund.json().message).toContain("no card to refund");

    const before = (await seededClasses()).find((c) => c.id === seat!.class_id)!;
    const cancelled = await api.call({
      method: "POST",
      url: `/enrollments/${seat!.id}/cancel`,
      as: ADMIN,
      payload: { refundCents: 0, reason: "Moved away" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await seededClasses()).find((c) => c.id === seat!.class_id)!;
    expect(after.enrolled_seats).toBe(before.enrolled_seats - 1);
    expect(after.enrolments).toBe(after.enrolled_seats);
  });

  it("seeding again changes nothing", async () => {
    const count = async () =>
      (
        await rows<{ n: string }>(sql`
          select (select count(*) from users) || '/' || (select count(*) from campers) || '/' ||
            (select count(*) from orders) || '/' || (select count(*) from payments) || '/' ||
            (select count(*) from enrollments) || '/' || (select sum(enrolled_seats) from classes) as n`)
      )[0]!.n;
    const before = await count();
    await seed(api.database.db);
    expect(await count()).toBe(before);
  });
});
