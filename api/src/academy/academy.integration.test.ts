import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { family } from "../../test/families.js";
import { ADMIN, useTestApi } from "../../test/harness.js";
import { renderMessage } from "../notifications/index.js";
import { academySettings, officeActions } from "../platform/database/schema.js";
import { academyFacts, refreshFacts, STARTING_FACTS } from "./index.js";

/**
 * The academy's own facts (decision 051) through the API on PGlite and PostgreSQL: what the
 * migration wrote is what the code said before, anyone reads them, an admin changes them with
 * clear refusals, and every message made afterwards says the new ones; another process reads a
 * change on its next refresh.
 */
const api = useTestApi();
const db = () => api.database.db;

const RENAMED = {
  name: "Lakeside Kids Camp",
  legalName: "Lakeside Kids Camp Inc.",
  addressLines: ["9 Harbour Road", "Duluth, MN 55802"],
  phone: "+1 (218) 555-0199",
  email: "Office@Lakeside.example",
  replyToEmail: "answers@lakeside.example",
  senderName: "Lakeside Kids Camp",
  taxId: "41-2345678",
  seasonText: "July and August",
  dayText: "Mornings on the water, afternoons on the field.",
  replyTime: "within two working days",
  socialLinks: { instagram: "https://www.instagram.com/lakeside" },
};
const put = (payload: object, as: { id: string; email: string } = ADMIN) =>
  api.call({ method: "PUT", url: "/admin/academy", as, payload });

describe("the academy's own facts", () => {
  afterAll(async () => {
    const { updatedAt: _at, ...starting } = STARTING_FACTS;
    await put(starting);
  });

  it("starts as the academy the site has always said, readable by anyone", async () => {
    const read = await api.call({ method: "GET", url: "/academy" });
    expect(read.statusCode).toBe(200);
    const { updatedAt: _at, ...said } = read.json();
    const { updatedAt: _start, ...starting } = STARTING_FACTS;
    expect(said).toEqual(starting);
    expect(read.headers["cache-control"]).toBe("public, max-age=30");
  });

  it("is changed by admins only, with each refusal naming its field", async () => {
    const parent = await family(api);
    expect((await put(RENAMED, parent)).statusCode).toBe(403);
    const bad = await put({
      ...RENAMED,
      name: " ",
      email: "not an address",
      taxId: "123456789",
      addressLines: [],
      socialLinks: { facebook: "http://facebook.com/x", myspace: "https://myspace.com" },
    });
    expect(bad.statusCode).toBe(400);
    const fields = Object.keys(bad.json().fields);
    for (const field of ["addressLines", "email", "name", "taxId"]) expect(fields).toContain(field);
    expect(fields.some((f) => f.startsWith("socialLinks"))).toBe(true);
    expect(academyFacts().name).toBe(STARTING_FACTS.name);
  });

  it("reaches every message made after the change, and the office log says what changed", async () => {
    const saved = await put(RENAMED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Lakeside Kids Camp", email: "office@lakeside.example" });
    expect((await api.call({ method: "GET", url: "/academy" })).json().taxId).toBe("41-2345678");

    const welcome = await renderMessage("welcome", { name: "Ana" }, { siteUrl: "https://camp.example" });
    expect(welcome.subject).toBe("Welcome to Lakeside Kids Camp");
    expect(welcome.text).toContain("9 Harbour Road, Duluth, MN 55802");
    expect(welcome.text).toContain("+1 (218) 555-0199");
    expect(welcome.text).not.toContain("Summit");

    const [line] = await db().select().from(officeActions).where(eq(officeActions.action, "academy-settings"));
    expect(line!.summary).toMatch(/^The academy's details changed: name, legalName, addressLines/);
  });

  it("takes a logo uploaded here, keeps it when a save leaves it out, and drops it when told", async () => {
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#1e3a8a" } })
      .png()
      .toBuffer();
    const data = new FormData();
    data.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const body = new Response(data);
    const uploaded = await api.call({
      method: "POST",
      url: "/images",
      as: ADMIN,
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { "content-type": body.headers.get("content-type")! },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const logoUrl = uploaded.json().data.display_url as string;

    expect((await put({ ...RENAMED, logoUrl })).json().logoUrl).toBe(logoUrl);
    expect((await api.call({ method: "GET", url: "/academy" })).json().logoUrl).toBe(logoUrl);
    expect((await put({ ...RENAMED, name: "Lakeside Camp" })).json()).toMatchObject({ name: "Lakeside Camp", logoUrl });

    // Only an image of this API, and one that is there.
    for (const wrong of [
      `/images/${"0".repeat(64)}.webp`,
      "https://elsewhere.example/logo.png",
      "/images/seed/x.svg",
    ]) {
      const refused = await put({ ...RENAMED, logoUrl: wrong });
      expect(refused.statusCode, wrong).toBe(400);
      expect(refused.json().fields, wrong).toHaveProperty("logoUrl");
    }
    expect(academyFacts().logoUrl).toBe(logoUrl);
    expect((await put({ ...RENAMED, logoUrl: null })).json().logoUrl).toBeNull();
  });

  it("is read again by a process when another changed it", async () => {
    await db()
      .update(academySettings)
      .set({ name: "Changed Elsewhere Camp", updatedAt: sql`now() + interval '1 second'` })
      .where(eq(academySettings.id, 1));
    expect(academyFacts().name).not.toBe("Changed Elsewhere Camp");
    expect(await refreshFacts(db())).toBe(true);
    expect(academyFacts().name).toBe("Changed Elsewhere Camp");
    // Unchanged since: nothing read again.
    expect(await refreshFacts(db())).toBe(false);
  });
});
