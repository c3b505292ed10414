import { describe, expect, it } from "vitest";
import { nowMs } from "../src/platform/clock.js";
import { ADMIN, classId, enrolDirectly, JONAS, LEE, MAYA, SAM, useTestApi } from "./harness.js";

const api = useTestApi();

describe("the cart", () => {
  it("books an approved class with only its id; the server fills in the rest from the database", async () => {
    const res = await api.call({
      method: "POST",
      url: "/carts",
      as: SAM,
      payload: { classItemId: classId(4), price: 0.01, class_name: "Free!", email: LEE.email },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().insertedId).toEqual(expect.any(String));
    const cart = (await api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM })).json();
    expect(cart).toEqual([
      expect.objectContaining({
        classItemId: classId(4),
        price: 159,
        class_name: "Tennis Serve & Volley",
        email: SAM.email,
      }),
    ]);
    const lee = (await api.call({ method: "GET", url: `/carts?email=${LEE.email}`, as: LEE })).json();
    expect(lee).toEqual([]);
  });

  it.each([
    ["a class already in the cart", classId(4), 409, "already in your cart"],
    ["a full class", classId(2), 409, "full"],
    ["a pending class", classId(13), 404, "no such class"],
    ["a denied class", classId(15), 404, "no such class"],
    ["an unknown class", classId(999), 404, "no such class"],
  ])("refuses %s", async (_label, id, status, text) => {
    const res = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: id } });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(text);
  });

  it("refuses a class the student is already enrolled in", async () => {
    await enrolDirectly(api.database, LEE.id, classId(6));
    const res = await api.call({ method: "POST", url: "/carts", as: LEE, payload: { classItemId: classId(6) } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("already enrolled");
    const enrolled = (await api.call({ method: "GET", url: `/enrolled?email=${LEE.email}`, as: LEE })).json();
    expect(enrolled).toEqual([expect.objectContaining({ _id: classId(6) })]);
  });

  it("one student cannot read or delete another's cart (no IDOR)", async () => {
    const [item] = (await api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM })).json();
    expect((await api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: LEE })).statusCode).toBe(403);
    // Another student's cart item answers as if it did not exist, like an unknown id.
    const others = await api.call({ method: "DELETE", url: `/carts/${item._id}`, as: LEE });
    const unknown = await api.call({ method: "DELETE", url: `/carts/${crypto.randomUUID()}`, as: LEE });
    expect([others.statusCode, others.json().message]).toEqual([404, "There is no such cart item."]);
    expect(others.json()).toEqual(unknown.json());
    expect((await api.call({ method: "GET", url: `/enrolled?email=${SAM.email}`, as: LEE })).statusCode).toBe(403);
    const mine = await api.call({ method: "DELETE", url: `/carts/${item._id}`, as: SAM });
    expect(mine.json()).toEqual({ deletedCount: 1 });
  });
});

describe("users and roles", () => {
  it("answers the role checks for the caller's own e-mail", async () => {
    expect((await api.call({ method: "GET", url: `/users/admin/${ADMIN.email}`, as: ADMIN })).json()).toEqual({
      admin: true,
    });
    expect((await api.call({ method: "GET", url: `/users/instructor/${MAYA.email}`, as: MAYA })).json()).toEqual({
      instructor: true,
    });
    expect((await api.call({ method: "GET", url: `/users/admin/${SAM.email.toUpperCase()}`, as: SAM })).json()).toEqual(
      { admin: false },
    );
  });

  it("an admin cannot demote or delete themselves, nor remove the last admin", async () => {
    expect((await api.call({ method: "PATCH", url: `/users/instructor/${ADMIN.id}`, as: ADMIN })).statusCode).toBe(403);
    expect((await api.call({ method: "DELETE", url: `/users/${ADMIN.id}`, as: ADMIN })).statusCode).toBe(403);
  });

  it("a demoted admin loses the old powers on the next request", async () => {
    expect((await api.call({ method: "PATCH", url: `/users/admin/${JONAS.id}`, as: ADMIN })).json()).toEqual({
      modifiedCount: 1,
      role: "admin",
    });
    expect((await api.call({ method: "GET", url: "/users", as: JONAS })).statusCode).toBe(200);
    expect((await api.call({ method: "PATCH", url: `/users/instructor/${JONAS.id}`, as: ADMIN })).json()).toEqual({
      modifiedCount: 1,
      role: "instructor",
    });
    expect((await api.call({ method: "GET", url: "/users", as: JONAS })).statusCode).toBe(403);
  });

  it("the last admin cannot be demoted by another admin either", async () => {
    await api.call({ method: "PATCH", url: `/users/admin/${JONAS.id}`, as: ADMIN });
    // Jonas demotes Avery: allowed, Jonas remains an admin.
    expect((await api.call({ method: "PATCH", url: `/users/instructor/${ADMIN.id}`, as: JONAS })).statusCode).toBe(200);
    // Now Jonas is the last admin: nobody can remove him, not even himself.
    expect((await api.call({ method: "PATCH", url: `/users/instructor/${JONAS.id}`, as: JONAS })).statusCode).toBe(403);
    expect((await api.call({ method: "DELETE", url: `/users/${JONAS.id}`, as: JONAS })).statusCode).toBe(403);
    await api.call({ method: "PATCH", url: `/users/admin/${ADMIN.id}`, as: JONAS });
  });

  it("a deleted user's token stops working at once", async () => {
    const token = api.token(LEE);
    expect((await api.call({ method: "DELETE", url: `/users/${LEE.id}`, as: ADMIN })).json()).toEqual({
      deletedCount: 1,
    });
    const res = await api.app.inject({
      method: "GET",
      url: "/users/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it("an invalid, forged or expired token is a 401", async () => {
    for (const authorization of ["Bearer nope", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "Basic abc"]) {
      expect((await api.app.inject({ method: "GET", url: "/users/me", headers: { authorization } })).statusCode).toBe(
        401,
      );
    }
    const expired = api.app.jwt.sign({ sub: SAM.id, email: SAM.email }, { expiresIn: -10 });
    expect(
      (await api.app.inject({ method: "GET", url: "/users/me", headers: { authorization: `Bearer ${expired}` } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("deleting a user keeps what others rely on", () => {
  const sql = (text: string) => api.database.db.execute(text);
  const enrolledIn = async (n: number) => {
    const r = await sql(`select enrolled_seats::int as n from classes where id = '${classId(n)}'`);
    return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const remove = (id: string) => api.call({ method: "DELETE", url: `/users/${id}`, as: ADMIN });
  const RAE = "00000000-0000-4000-8000-000000000010";

  it("a student paying right now, or who has paid, stays", async () => {
    const order = "00000000-0000-4000-a000-000000000001";
    await sql(
      // Held for ten minutes on the API's clock (the expiry sweep reads it, not the database's).
      `insert into orders (id, student_id, amount_cents, expires_at) values ('${order}', '${RAE}', 7999, '${new Date(nowMs() + 600_000).toISOString()}')`,
    );
    const paying = await remove(RAE);
    expect(paying.statusCode).toBe(409);
    expect(paying.json().message).toContain("paying right now");
    await sql(`update orders set status = 'paid', payment_intent_id = 'pi_rae' where id = '${order}'`);
    await sql(
      `insert into payments (order_id, student_id, transaction_id, amount_cents, quantity) values ('${order}', '${RAE}', 'pi_rae', 7999, 1)`,
    );
    const paid = await remove(RAE);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toContain("payment records are kept");
  });

  it("an instructor whose classes have enrolled students stays", async () => {
    await enrolDirectly(api.database, SAM.id, classId(7));
    const res = await remove(MAYA.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("enrolled in this instructor's classes");
  });

  it("a student's enrolments go with them and give their seats back", async () => {
    const id = "00000000-0000-4000-8000-000000000099";
    await sql(`insert into users (id, email, name) values ('${id}', 'gone@example.com', 'Gone Soon')`);
    await enrolDirectly(api.database, id, classId(12));
    await sql(`update classes set enrolled_seats = enrolled_seats + 1 where id = '${classId(12)}'`);
    const before = await enrolledIn(12);
    expect((await remove(id)).json()).toEqual({ deletedCount: 1 });
    expect(await enrolledIn(12)).toBe(before - 1);
  });
});
