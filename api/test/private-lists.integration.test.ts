import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN, classId, enrolDirectly, LEE, MAYA, SAM, useTestApi } from "./harness.js";

/** My Classes, a class's roster and the payment history page like the admin's lists (ADR 009). */
const api = useTestApi();

const get = async (url: string, as: { id: string; email: string }) => {
  const res = await api.call({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("My Classes", () => {
  it("answers the whole list without paging parameters, and pages, sorts, filters and searches with them", async () => {
    const whole = await get(`/myclasses?email=${MAYA.email}`, MAYA);
    expect(whole.map((c: { _id: string }) => c._id).sort()).toEqual([classId(1), classId(7), classId(13)].sort());
    const first = await get(`/myclasses?email=${MAYA.email}&size=2`, MAYA);
    expect(first).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(first.items).toEqual(whole.slice(0, 2));
    const second = await get(`/myclasses?email=${MAYA.email}&size=2&page=2`, MAYA);
    expect(second.items).toEqual(whole.slice(2));
    const byName = await get(`/myclasses?email=${MAYA.email}&sort=name`, MAYA);
    expect(byName.items.map((c: { class_name: string }) => c.class_name)).toEqual([
      "Advanced Goalkeeping",
      "Intro to Martial Arts",
      "Junior Soccer Skills",
    ]);
    const pending = await get(`/myclasses?email=${MAYA.email}&status=pending`, MAYA);
    expect(pending).toMatchObject({ total: 1, items: [{ _id: classId(13), status: "pending" }] });
    const found = await get(`/myclasses?email=${MAYA.email}&search=SOCCER`, MAYA);
    expect(found.items.map((c: { _id: string }) => c._id)).toEqual([classId(1)]);
    expect(await get(`/myclasses?email=${MAYA.email}&page=9`, MAYA)).toEqual({
      items: [],
      total: 3,
      page: 9,
      size: 20,
    });
    const bad = await api.call({ method: "GET", url: `/myclasses?email=${MAYA.email}&sort=price&x=1`, as: MAYA });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a class's roster", () => {
  it("pages, sorts and searches the enrolled students when asked", async () => {
    // Maya's class with nobody enrolled yet (the seed's families hold seats in her others).
    await enrolDirectly(api.database, SAM.id, classId(13), new Date(Date.now() - 2 * 86_400_000));
    await enrolDirectly(api.database, LEE.id, classId(13), new Date(Date.now() - 86_400_000));
    const url = `/classes/${classId(13)}/roster`;
    const whole = await get(url, MAYA);
    expect(whole.map((s: { email: string }) => s.email)).toEqual([SAM.email, LEE.email]);
    expect(await get(`${url}?size=1&page=2`, MAYA)).toEqual({ items: [whole[1]], total: 2, page: 2, size: 1 });
    const byName = await get(`${url}?sort=name&dir=desc`, ADMIN);
    expect(byName.items.map((s: { name: string }) => s.name)).toEqual(["Sam Student", "Lee Learner"]);
    expect((await get(`${url}?search=lee`, MAYA)).items).toEqual([whole[1]]);
    expect(await get(`${url}?page=5`, MAYA)).toEqual({ items: [], total: 2, page: 5, size: 20 });
  });
});

describe("the payment history", () => {
  it("pages newest first when asked, and keeps the whole list otherwise", async () => {
    await api.database.db.execute(sql`
      insert into orders (id, student_id, amount_cents, status, expires_at)
      select md5('history-' || n)::uuid, ${SAM.id}, 1000 * n, 'paid', now() from generate_series(1, 5) n`);
    await api.database.db.execute(sql`
      insert into payments (order_id, student_id, transaction_id, amount_cents, quantity, paid_at)
      select md5('history-' || n)::uuid, ${SAM.id}, 'pi_history_' || n, 1000 * n, 1, now() - n * interval '1 day'
      from generate_series(1, 5) n`);
    const whole = await get(`/payments?email=${SAM.email}`, SAM);
    expect(whole.map((p: { price: number }) => p.price)).toEqual([10, 20, 30, 40, 50]);
    const second = await get(`/payments?email=${SAM.email}&size=2&page=2`, SAM);
    expect(second).toEqual({ items: whole.slice(2, 4), total: 5, page: 2, size: 2 });
    expect(await get(`/payments?email=${SAM.email}&page=4&size=2`, ADMIN)).toEqual({
      items: [],
      total: 5,
      page: 4,
      size: 2,
    });
    const lee = await api.call({ method: "GET", url: `/payments?email=${SAM.email}&size=2`, as: LEE });
    expect(lee.statusCode).toBe(403);
    expect(
      (await api.call({ method: "GET", url: `/payments?email=${SAM.email}&sort=price`, as: SAM })).statusCode,
    ).toBe(400);
  });
});
