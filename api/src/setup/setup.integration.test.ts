import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabaseUrl, startTestApi, type TestApi } from "../../test/harness.js";
import { PASSWORD, signIn, uniqueEmail } from "../../test/emulator-accounts.js";
import { STARTING_FACTS } from "../academy/index.js";
import { firstRunSetup, officeActions, users } from "../platform/database/schema.js";

/**
 * A new installation's first visit, on PGlite and PostgreSQL: an empty database (no seed, no
 * admin) prints a setup token in the log; with it, and only once, the academy is named and its
 * first admin made, whose password goes to Firebase alone.
 */
let api: TestApi & { close(): Promise<void> };
let drop: (() => Promise<void>) | undefined;
const log: string[] = [];

beforeAll(async () => {
  const db = await createTestDatabaseUrl();
  drop = db?.drop;
  api = await startTestApi(db?.url, {}, { seed: false, logStream: { write: (line: string) => log.push(line) } });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await drop?.();
});

const ACADEMY = {
  name: "Lakeside Kids Camp",
  legalName: "Lakeside Kids Camp Inc.",
  addressLines: ["9 Harbour Road", "Duluth, MN 55802"],
  phone: "+1 218 555 0199",
  email: "office@lakeside.example",
};

/** The emulator's end of Firebase's confirmPasswordReset: what the setup page's browser sends. */
async function setPassword(code: string) {
  const res = await fetch(
    `http://${inject("authEmulatorHost")}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ oobCode: code, newPassword: PASSWORD }),
    },
  );
  expect(res.status).toBe(200);
}

const setUp = (payload: object) => api.call({ method: "POST", url: "/setup", payload });

describe("the first-run setup", () => {
  it("names the academy and makes the first admin with the token from the log, once", async () => {
    expect((await api.call({ method: "GET", url: "/setup" })).json()).toEqual({ needed: true });
    expect((await api.call({ method: "GET", url: "/academy" })).json()).toMatchObject({ setupNeeded: true });
    const said = log.map((l) => JSON.parse(l) as { msg: string }).find((l) => l.msg.startsWith("First-run setup"));
    const token = /setup token (\S+) /.exec(said?.msg ?? "")?.[1];
    expect(said?.msg).toMatch(/open http\S+\/setup and enter the setup token/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The database keeps no token: only what it is made from.
    const [row] = await api.database.db.select().from(firstRunSetup);
    expect(JSON.stringify(row)).not.toContain(token);

    const email = uniqueEmail("first-admin");
    const admin = { name: "Dana Director", email: email.toUpperCase() };
    const wrong = await setUp({ token: "x".repeat(24), academy: ACADEMY, admin });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ fields: { token: "Not the setup token." } });
    const invalid = await setUp({ token, academy: { ...ACADEMY, phone: "call us" }, admin: { name: "", email: "x" } });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(["academy.phone", "admin.email", "admin.name"]);

    // Two tabs at once: one makes the admin, the other is told the site is set up.
    const [a, b] = await Promise.all([
      setUp({ token, academy: ACADEMY, admin }),
      setUp({ token, academy: ACADEMY, admin }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const done = a.statusCode === 201 ? a : b;
    expect(done.json()).toMatchObject({ email, code: expect.any(String) });
    const made = await api.database.db.select().from(users).where(eq(users.email, email));
    expect(made.map((u) => [u.role, u.name, u.emailVerified])).toEqual([["admin", "Dana Director", true]]);
    expect(await api.database.db.select().from(firstRunSetup)).toEqual([]);

    // The academy is named; the rest of its facts stay until the admin changes them.
    const facts = (await api.call({ method: "GET", url: "/academy" })).json();
    expect(facts).toMatchObject({ ...ACADEMY, senderName: ACADEMY.name, taxId: STARTING_FACTS.taxId });
    expect(facts.setupNeeded).toBeUndefined();
    expect((await api.call({ method: "GET", url: "/setup" })).json()).toEqual({ needed: false });
    const logged = await api.database.db
      .select()
      .from(officeActions)
      .where(eq(officeActions.action, "academy-settings"));
    expect(logged.map((l) => l.actorName)).toEqual(["Dana Director"]);

    // The password goes to Firebase with the code; the admin signs in as any user does.
    await setPassword(done.json().code);
    const idToken = await signIn(email);
    const session = await api.call({
      method: "POST",
      url: "/jwt",
      headers: { authorization: `Bearer ${idToken}` },
      payload: { email },
    });
    expect(session.statusCode, session.body).toBe(200);
    const me = await api.call({ method: "GET", url: "/users/me", as: { id: made[0]!.id, email } });
    expect(me.json()).toMatchObject({ email, role: "admin" });

    expect((await setUp({ token, academy: ACADEMY, admin })).statusCode).toBe(409);

    // This process's facts go back to the starting ones, as the other test files expect them.
    const { updatedAt: _at, ...starting } = STARTING_FACTS;
    const back = await api.call({
      method: "PUT",
      url: "/admin/academy",
      as: { id: made[0]!.id, email },
      payload: starting,
    });
    expect(back.statusCode, back.body).toBe(200);
  });
});
