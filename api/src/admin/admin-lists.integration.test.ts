import { describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscriptions, users } from "../platform/database/schema.js";
import { ADMIN, classId, MAYA, SAM, useTestApi } from "../../test/harness.js";

const api = useTestApi();

interface UserPage {
  items: { _id: string; name: string; email: string; role: string; createdAt: string }[];
  total: number;
  page: number;
  size: number;
}

const THOUSANDS = 3000;

describe("the admin's user table with thousands of users", () => {
  it("searches by name or e-mail, filters by role, sorts and pages on the server", async () => {
    const rows = Array.from({ length: THOUSANDS }, (_, i) => ({
      email: `camper${String(i).padStart(4, "0")}@example.org`,
      name: i % 100 === 7 ? `Zed Rivera ${i}` : `Camper ${String(i).padStart(4, "0")}`,
      role: (i % 50 === 0 ? "instructor" : "student") as "instructor" | "student",
    }));
    for (let i = 0; i < rows.length; i += 500) await api.database.db.insert(users).values(rows.slice(i, i + 500));

    const get = async (query: string) => {
      const res = await api.call({ method: "GET", url: `/users?${query}`, as: ADMIN });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as UserPage;
    };

    const first = await get("page=1&size=25");
    expect(first.items).toHaveLength(25);
    expect(first.total).toBeGreaterThanOrEqual(THOUSANDS);
    expect(first).toMatchObject({ page: 1, size: 25 });
    const names = first.items.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // Page 2 follows page 1 without overlap; the last page holds the rest.
    const second = await get("page=2&size=25");
    expect(second.items.map((u) => u._id)).not.toContain(first.items[0]!._id);
    const lastPage = Math.ceil(first.total / 25);
    const last = await get(`page=${lastPage}&size=25`);
    expect(last.items).toHaveLength(first.total - (lastPage - 1) * 25);
    expect((await get(`page=${lastPage + 1}&size=25`)).items).toEqual([]);
    expect((await get(`page=${lastPage + 1}&size=25`)).total).toBe(first.total);

    // Search: by name (any case) and by e-mail; % and _ are plain characters.
    const zed = await get("search=zed%20RIVERA&size=100");
    expect(zed.total).toBe(THOUSANDS / 100);
    expect(zed.items.every((u) => u.name.startsWith("Zed Rivera"))).toBe(true);
    const byMail = await get("search=camper0042@");
    expect(byMail.items.map((u) => u.email)).toEqual(["camper0042@example.org"]);
    expect((await get("search=%25")).total).toBe(0);
    expect((await get("search=_")).total).toBe(0);

    // Role filter with the search, and sorting by e-mail both ways.
    const coaches = await get("role=instructor&search=camper&size=100");
    expect(coaches.total).toBe(THOUSANDS / 50);
    expect(coaches.items.every((u) => u.role === "instructor")).toBe(true);
    const desc = await get("sort=email&dir=desc&size=3&search=camper");
    expect(desc.items.map((u) => u.email)).toEqual([
      "camper2999@example.org",
      "camper2998@example.org",
      "camper2997@example.org",
    ]);
    const newest = await get("sort=joined&dir=desc&size=1");
    expect(Date.parse(newest.items[0]!.createdAt)).not.toBeNaN();
  });

  it("keeps the spec's unpaged answer when no paging is asked for", async () => {
    const res = await api.call({ method: "GET", url: "/users", as: ADMIN });
    expect(Array.isArray(res.json())).toBe(true);
    expect((res.json() as unknown[]).length).toBeGreaterThan(THOUSANDS);
  });

  it("refuses bad paging with a 400 naming the field", async () => {
    for (const [query, field] of [
      ["page=0", "page"],
      ["size=1000", "size"],
      ["size=abc", "size"],
      ["sort=password", "sort"],
      ["dir=up", "dir"],
      ["role=owner", "role"],
      ["search=" + "x".repeat(121), "search"],
    ] as const) {
      const res = await api.call({ method: "GET", url: `/users?${query}`, as: ADMIN });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
  });
});

describe("the admin's class table", () => {
  it("puts pending classes first, filters by status, searches and pages", async () => {
    const res = await api.call({ method: "GET", url: "/admin/classes?size=100", as: ADMIN });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: { _id: string; status: string; class_name: string }[]; total: number };
    expect(page.total).toBe(page.items.length);
    const statuses = page.items.map((c) => c.status);
    const rank = (s: string) => ["pending", "approved", "denied"].indexOf(s);
    expect(statuses.map(rank)).toEqual([...statuses.map(rank)].sort((a, b) => a - b));
    expect(statuses[0]).toBe("pending");
    expect(page.items.map((c) => c._id)).toContain(classId(13));

    const pending = (await api.call({ method: "GET", url: "/admin/classes?status=pending", as: ADMIN })).json();
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((c: { status: string }) => c.status === "pending")).toBe(true);

    const two = (await api.call({ method: "GET", url: "/admin/classes?size=2&page=2&sort=name", as: ADMIN })).json();
    expect(two.items).toHaveLength(2);
    expect(two.total).toBe(page.total);

    const maya = (await api.call({ method: "GET", url: `/admin/classes?search=${MAYA.email}`, as: ADMIN })).json();
    expect(maya.total).toBeGreaterThan(0);
    expect(maya.items.every((c: { email: string }) => c.email === MAYA.email)).toBe(true);
  });
});

describe("the admin's figures, inbox and subscribers", () => {
  it("answers users by role, classes by status, enrolments, revenue and open holds in one call", async () => {
    const res = await api.call({ method: "GET", url: "/admin/stats", as: ADMIN });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const everyUser = (await api.call({ method: "GET", url: "/users", as: ADMIN })).json() as { role: string }[];
    expect(stats.users.total).toBe(everyUser.length);
    for (const role of ["admin", "instructor", "student"]) {
      expect(stats.users[role], role).toBe(everyUser.filter((u) => u.role === role).length);
    }
    const classes = (await api.call({ method: "GET", url: "/admin/classes?size=100", as: ADMIN })).json();
    expect(stats.classes.total).toBe(classes.total);
    expect(stats.classes.pending).toBe(classes.items.filter((c: { status: string }) => c.status === "pending").length);
    expect(stats).toMatchObject({
      enrollments: expect.any(Number),
      revenue: expect.any(Number),
      openHolds: { checkouts: expect.any(Number), seats: expect.any(Number) },
    });
  });

  it("marks contact messages read and unread, newest first", async () => {
    const [older] = await api.database.db
      .insert(contactMessages)
      .values({ name: "Old", email: "old@example.com", message: "First", createdAt: new Date(Date.now() - 60_000) })
      .returning();
    const sent = await api.call({
      method: "POST",
      url: "/contact",
      payload: { name: "New", email: "new@example.com", message: "Second" },
    });
    const newer = sent.json().insertedId as string;
    const list = async () =>
      (await api.call({ method: "GET", url: "/contact", as: ADMIN })).json() as { _id: string; read: boolean }[];
    const ids = (await list()).map((m) => m._id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older!.id));
    expect((await list()).find((m) => m._id === newer)!.read).toBe(false);

    const mark = (id: string, read: unknown) =>
      api.call({ method: "PATCH", url: `/contact/${id}`, as: ADMIN, payload: { read } });
    expect((await mark(newer, true)).json()).toEqual({ modifiedCount: 1, read: true });
    expect((await list()).find((m) => m._id === newer)!.read).toBe(true);
    expect((await mark(newer, false)).statusCode).toBe(200);
    expect((await list()).find((m) => m._id === newer)!.read).toBe(false);
    expect((await mark(newer, "yes")).statusCode).toBe(400);
    expect((await mark(classId(999), true)).statusCode).toBe(404);
    expect(
      (await api.call({ method: "PATCH", url: `/contact/${newer}`, as: SAM, payload: { read: true } })).statusCode,
    ).toBe(403);
  });

  it("exports newsletter subscribers as CSV, oldest first", async () => {
    await api.database.db.insert(newsletterSubscriptions).values([
      {
        email: "first@example.com",
        acceptedTermsAt: new Date("2026-01-01T00:00:00Z"),
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        email: "=cmd@example.com",
        acceptedTermsAt: new Date("2026-02-01T00:00:00Z"),
        createdAt: new Date("2026-02-01T00:00:00Z"),
      },
    ]);
    const res = await api.call({ method: "GET", url: "/newsletter/export.csv", as: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe('"email","subscribed_at","accepted_terms_at"');
    expect(lines[1]).toBe('"first@example.com","2026-01-01T00:00:00.000Z","2026-01-01T00:00:00.000Z"');
    // A cell a spreadsheet would run as a formula is written as text.
    expect(lines[2]!.startsWith(`"'=cmd@example.com",`)).toBe(true);
  });
});
