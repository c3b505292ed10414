import { describe, expect, it } from "vitest";
import { ADMIN, JONAS, LEE, MAYA, SAM, useTestApi } from "../../test/harness.js";

/**
 * Role changes can be undone: PATCH /users/student/:id makes an instructor or
 * an admin a student again, under the rules of the other role changes (admins only, never the
 * caller, never the last admin) and one of its own: someone who still has classes keeps teaching.
 */
const api = useTestApi();

type Who = { id: string; email: string };
const patch = (role: string, id: string, as: Who = ADMIN) =>
  api.call({ method: "PATCH", url: `/users/${role}/${id}`, as });
const roleOf = async (who: Who) => (await api.call({ method: "GET", url: "/users/me", as: who })).json().role;
const newClass = (as: Who) =>
  api.call({
    method: "POST",
    url: "/classes",
    as,
    payload: { class_name: "Undo Camp", image: "/images/seed/classes/soccer.svg", available_seats: 5, price: 20 },
  });

describe("making someone a student again", () => {
  it("undoes a promotion to instructor; a second call changes nothing", async () => {
    expect((await patch("instructor", LEE.id)).json()).toEqual({ modifiedCount: 1, role: "instructor" });
    expect(await roleOf(LEE)).toBe("instructor");
    expect((await patch("student", LEE.id)).json()).toEqual({ modifiedCount: 1, role: "student" });
    expect(await roleOf(LEE)).toBe("student");
    expect((await patch("student", LEE.id)).json()).toEqual({ modifiedCount: 0, role: "student" });
    // The instructor's rights went with the role, at once.
    expect((await newClass(LEE)).statusCode).toBe(403);
  });

  it("undoes a promotion to admin, and the admin's rights go with it", async () => {
    await patch("admin", LEE.id);
    expect((await api.call({ method: "GET", url: "/users", as: LEE })).statusCode).toBe(200);
    expect((await patch("student", LEE.id)).statusCode).toBe(200);
    expect((await api.call({ method: "GET", url: "/users", as: LEE })).statusCode).toBe(403);
  });

  it("is for admins only, and never for the caller's own role", async () => {
    expect((await patch("student", LEE.id, MAYA)).statusCode).toBe(403);
    expect((await patch("student", LEE.id, SAM)).statusCode).toBe(403);
    const self = await patch("student", ADMIN.id);
    expect([self.statusCode, self.json().message]).toEqual([403, "You cannot change your own role."]);
    expect(await roleOf(ADMIN)).toBe("admin");
    expect((await patch("student", crypto.randomUUID())).statusCode).toBe(404);
  });

  it("keeps an instructor who still has classes: a student cannot teach them", async () => {
    const res = await patch("student", MAYA.id);
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      "This instructor still has classes: delete them first, or keep the instructor's role.",
    ]);
    expect(await roleOf(MAYA)).toBe("instructor");
    // The same for an admin who was an instructor with classes.
    await patch("admin", JONAS.id);
    expect((await patch("student", JONAS.id)).statusCode).toBe(409);
    expect(await roleOf(JONAS)).toBe("admin");
    await patch("instructor", JONAS.id);
  });

  it("an instructor whose only class is deleted can be made a student", async () => {
    await patch("instructor", LEE.id);
    const made = await newClass(LEE);
    expect(made.statusCode).toBe(201);
    expect((await patch("student", LEE.id)).statusCode).toBe(409);
    const id = (made.json() as { insertedId: string }).insertedId;
    expect((await api.call({ method: "DELETE", url: `/classes/${id}`, as: LEE })).statusCode).toBe(200);
    expect((await patch("student", LEE.id)).json()).toEqual({ modifiedCount: 1, role: "student" });
  });
});
