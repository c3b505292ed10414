import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, enrolDirectly, JONAS, MAYA, useTestApi } from "../../test/harness.js";
import { guardians } from "../platform/database/schema.js";
import { MESSAGES } from "./fields.js";
import { GUARDIAN_NEEDED } from "./store.js";

/** A family's parents or guardians through the API, on PGlite and PostgreSQL, and where staff see them. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000" });

const first = {
  name: "Ana Rivera",
  relation: "mother",
  phone: "+1 555 0100",
  address_line1: "12 Field Lane",
  city: "Springfield",
  region: "IL",
  postal_code: "62701",
};
const second = {
  name: "Ben Rivera",
  relation: "father",
  phone: "(555) 010-0101",
  email: "Ben.Rivera@Example.com",
  address_line1: "12 Field Lane",
  address_line2: "Flat 2",
  city: "Springfield",
  postal_code: "62701",
};
type Person = Awaited<ReturnType<typeof family>>;
const save = (as: Person, body: object) => api.call({ method: "PUT", url: "/guardians", as, payload: body });
const read = async (as: Person) => (await api.call({ method: "GET", url: "/guardians", as })).json();

describe("a family's guardians", () => {
  it("starts with none, and the account holder's own details complete it; a second guardian has an e-mail of their own", async () => {
    const parent = await family(api, [], { guardian: false });
    expect(await read(parent)).toEqual({ guardians: [], complete: false });

    const saved = await save(parent, { first });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      guardians: [{ position: 1, ...first, email: parent.email, address_line2: "" }],
      complete: true,
    });

    const both = await save(parent, { first: { ...first, phone: "+1 555 0199" }, second });
    expect(both.json().guardians).toEqual([
      { position: 1, ...first, phone: "+1 555 0199", email: parent.email, address_line2: "" },
      { position: 2, ...second, email: "ben.rivera@example.com", region: "" },
    ]);
    expect(await read(parent)).toEqual(both.json());

    // Saving without the second takes them off; the first stays.
    const one = await save(parent, { first, second: null });
    expect(one.json().guardians.map((g: { position: number }) => g.position)).toEqual([1]);
    // Each family sees its own only.
    expect(await read(await family(api, [], { guardian: false }))).toEqual({ guardians: [], complete: false });
  });

  it("is needed before the family's first booking: the cart, the checkout and the booking dialog say so", async () => {
    const parent = await family(api, ["Mia"], { guardian: false });
    const cls = await lineClass(api, 5);
    const add = () =>
      api.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId: cls, camperId: parent.kids[0] } });
    const refused = await add();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GUARDIAN_NEEDED);
    const dialog = await api.call({ method: "GET", url: `/classes/${cls}/eligibility`, as: parent });
    expect(dialog.json().map((c: { reason: string | null }) => c.reason)).toEqual([GUARDIAN_NEEDED, GUARDIAN_NEEDED]);

    await save(parent, { first });
    const added = await add();
    expect(added.statusCode, added.body).toBe(201);
    // Taken away again (straight in the database): the checkout checks once more, and holds nothing.
    await api.database.db.delete(guardians).where(eq(guardians.familyId, parent.id));
    const checkout = await api.call({ method: "POST", url: "/create-payment-intent", as: parent, payload: {} });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().message).toContain(GUARDIAN_NEEDED);
  });

  it("refuses what is missing or malformed, naming each field in words, and keeps what was there", async () => {
    const parent = await family(api);
    await save(parent, { first });
    const refused = await save(parent, {
      first: { ...first, name: "  ", phone: "call me", postal_code: "" },
      second: { ...second, email: "ben at home", city: "" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({
      "first.name": MESSAGES.name,
      "first.phone": MESSAGES.phone,
      "first.postal_code": MESSAGES.postal_code,
      "second.email": MESSAGES.email,
      "second.city": MESSAGES.city,
    });
    // The first is reached at the account's own address: an e-mail for it is refused, not ignored.
    expect((await save(parent, { first: { ...first, email: "other@example.com" } })).statusCode).toBe(400);
    expect((await save(parent, { second })).statusCode).toBe(400);
    expect((await read(parent)).guardians).toHaveLength(1);
    expect((await read(parent)).guardians[0]).toMatchObject(first);
  });

  it("is held to one account holder and one more by the database itself", async () => {
    const parent = await family(api);
    await save(parent, { first, second });
    const row = { familyId: parent.id, ...first, addressLine1: first.address_line1, postalCode: first.postal_code };
    const insert = (values: Partial<typeof guardians.$inferInsert>) =>
      api.database.db.insert(guardians).values({ ...row, position: 1, ...values });
    await expect(insert({ position: 3, email: "c@example.com" })).rejects.toThrow();
    await expect(insert({ position: 2, email: "again@example.com" })).rejects.toThrow();
    await api.database.db.delete(guardians).where(eq(guardians.familyId, parent.id));
    await expect(insert({ position: 1, email: "first@example.com" })).rejects.toThrow();
    await expect(insert({ position: 2, email: null })).rejects.toThrow();
  });

  it("shows staff who to call: the roster and its CSV to the class's instructor, the family view to admins", async () => {
    const parent = await family(api);
    await save(parent, { first, second });
    const cls = await lineClass(api, 5);
    await enrolDirectly(api.database, parent.id, cls);
    const calls = [
      { name: first.name, relation: first.relation, phone: first.phone },
      { name: second.name, relation: second.relation, phone: second.phone },
    ];

    const roster = await api.call({ method: "GET", url: `/classes/${cls}/roster`, as: MAYA });
    expect(roster.json()).toEqual([expect.objectContaining({ email: parent.email, guardians: calls })]);
    expect((await api.call({ method: "GET", url: `/classes/${cls}/roster`, as: JONAS })).statusCode).toBe(403);

    const csv = (await api.call({ method: "GET", url: `/classes/${cls}/roster.csv`, as: MAYA })).body;
    const [header, line] = csv.trimEnd().split("\r\n");
    expect(header!.split(",").at(-1)).toBe('"guardians"');
    expect(line!.split('","').at(-1)).toBe('Ana Rivera (mother) +1 555 0100; Ben Rivera (father) (555) 010-0101"');

    const view = await api.call({ method: "GET", url: `/users/${parent.id}/family`, as: ADMIN });
    expect(view.json().guardians).toEqual((await read(parent)).guardians);
    const download = await api.call({ method: "GET", url: "/campers/export", as: parent });
    expect(download.json().guardians).toEqual((await read(parent)).guardians);
  });
});
