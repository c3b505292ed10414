import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT, family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";
import { aidApplications, aidSeasons, aidUses } from "../platform/database/schema.js";

/**
 * Financial aid's read-then-write rules on two API processes (one PostgreSQL, a pool each): "the
 * season's budget is never promised twice" (two admins award two applications at once, each for
 * more than half of what is left: one is taken), "an award is spent once" (the desk and the
 * family's own checkout book two seats of the awarded camper at once: the award pays one) and "an
 * award never falls below what it pays" (the office withdraws it as the family checks out). Every
 * round; over the rounds each side wins at least once, so the requests did meet. PGlite runs one
 * transaction at a time.
 */
describe.runIf(driverName === "postgres")("financial aid racing on two processes", () => {
  const ROUNDS = 10;
  const { a, b } = useTwoTestApis({ RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_CHECKOUTS: "100000" });
  const admin = (api: typeof a, method: "POST" | "PUT", url: string, payload: object) =>
    api.call({ method, url, as: ADMIN, payload });
  // Each round its own season, the newest (families apply for the newest).
  let season = Number(clockDay(40).slice(0, 4));
  const newSeason = async (budgetCents: number) => {
    season += 1;
    const made = await admin(a, "PUT", `/admin/aid/seasons/${season}`, {
      budgetCents,
      camperCapCents: 10_000,
      open: true,
      intro: null,
    });
    expect(made.statusCode, made.body).toBe(200);
  };
  const applied = async (who: Awaited<ReturnType<typeof family>>, camperId: string) => {
    const made = await a.call({
      method: "POST",
      url: "/aid/applications",
      as: who,
      payload: { camperId, householdSize: 3, requestedCents: 10_000, statement: "We need help this summer." },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json()._id as string;
  };

  it("spends an award once when the desk and the family's checkout book for the camper at once", async () => {
    const wins = new Set<string>();
    // One season for every round (run first: the budget's rounds make ever newer ones).
    await newSeason(100_000);
    for (let round = 0; round < ROUNDS; round++) {
      const fam = await family(a, []);
      const kid = await a.call({
        method: "POST",
        url: `/admin/families/${fam.id}/campers`,
        as: ADMIN,
        payload: {
          first_name: "Rae",
          last_name: "Racer",
          date_of_birth: `${season - 10}-01-15`,
          emergency_contacts: [CONTACT],
        },
      });
      expect(kid.statusCode, kid.body).toBe(201);
      const camperId = kid.json().insertedId as string;
      const id = await applied(fam, camperId);
      // Half of each seat, up to 50.00: one seat of 100.00 takes all of it.
      expect(
        (await admin(a, "POST", `/admin/aid/applications/${id}/award`, { amountCents: 5_000, percent: 50, note: null }))
          .statusCode,
      ).toBe(200);
      const startDate = `${season}-07-06`;
      const atDesk = await lineClass(a, 5, { priceCents: 10_000, startDate, endDate: `${season}-07-10` });
      // Another week: the camper may hold both seats.
      const online = await lineClass(a, 5, {
        priceCents: 10_000,
        startDate: `${season}-07-13`,
        endDate: `${season}-07-17`,
      });
      const added = await b.call({
        method: "POST",
        url: "/carts",
        as: fam,
        payload: { classItemId: online, camperId },
      });
      expect(added.statusCode, added.body).toBe(201);
      const at = staggered(round);
      const [desk, checkout] = await Promise.all([
        pause(at.first).then(() =>
          admin(a, "POST", `/admin/families/${fam.id}/bookings`, {
            seats: [{ classId: atDesk, camperId }],
            payment: null,
            dueDay: clockDay(10),
          }),
        ),
        pause(at.second).then(() => b.call({ method: "POST", url: "/create-payment-intent", as: fam, payload: {} })),
      ]);
      expect([desk.statusCode, checkout.statusCode], `round ${round}: ${desk.body} | ${checkout.body}`).toEqual([
        201, 201,
      ]);
      const uses = await a.database.db
        .select()
        .from(aidUses)
        .where(inArray(aidUses.classId, [atDesk, online]));
      expect(uses.map((u) => u.cents)).toEqual([5_000]);
      wins.add(uses[0]!.classId === atDesk ? "desk" : "family");
    }
    expect([...wins].sort()).toEqual(["desk", "family"]);
  });

  it("never lets an award fall below what it pays: the office withdrawing it while the family checks out", async () => {
    const wins = new Set<string>();
    await newSeason(100_000);
    for (let round = 0; round < ROUNDS; round++) {
      const fam = await family(a, ["Uma"]);
      const camperId = fam.kids[0]!;
      const id = await applied(fam, camperId);
      expect(
        (
          await admin(a, "POST", `/admin/aid/applications/${id}/award`, {
            amountCents: 5_000,
            percent: null,
            note: null,
          })
        ).statusCode,
      ).toBe(200);
      const cls = await lineClass(a, 5, {
        priceCents: 8_000,
        startDate: `${season}-07-06`,
        endDate: `${season}-07-10`,
      });
      const added = await b.call({ method: "POST", url: "/carts", as: fam, payload: { classItemId: cls, camperId } });
      expect(added.statusCode, added.body).toBe(201);
      const at = staggered(round);
      const [withdrawn, checkout] = await Promise.all([
        pause(at.first).then(() =>
          admin(a, "POST", `/admin/aid/applications/${id}/change`, { amountCents: 0, percent: null, note: null }),
        ),
        pause(at.second).then(() => b.call({ method: "POST", url: "/create-payment-intent", as: fam, payload: {} })),
      ]);
      expect(checkout.statusCode, `round ${round}: ${checkout.body}`).toBe(201);
      const uses = await a.database.db.select().from(aidUses).where(eq(aidUses.classId, cls));
      const [award] = await a.database.db.select().from(aidApplications).where(eq(aidApplications.id, id));
      if (withdrawn.statusCode === 200) {
        // The office came first: nothing of the award is left, and the checkout charged the whole seat.
        expect(uses, `round ${round}`).toEqual([]);
        expect(award!.awardCents).toBe(0);
        wins.add("office");
      } else {
        // The checkout came first: the award's $50.00 is spent on the seat, and it may not go below that.
        expect(withdrawn.statusCode, `round ${round}: ${withdrawn.body}`).toBe(409);
        expect(uses.map((u) => u.cents)).toEqual([5_000]);
        expect(award!.awardCents).toBe(5_000);
        wins.add("family");
      }
    }
    expect([...wins].sort()).toEqual(["family", "office"]);
  });

  it("takes one of two awards that together pass the budget, never more than the budget", async () => {
    const wins = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      await newSeason(10_000);
      const one = await family(a, ["Ida"]);
      const two = await family(a, ["Ivo"]);
      const first = await applied(one, one.kids[0]!);
      const second = await applied(two, two.kids[0]!);
      const at = staggered(round);
      const award = (api: typeof a, ms: number, id: string) =>
        pause(ms).then(() =>
          admin(api, "POST", `/admin/aid/applications/${id}/award`, { amountCents: 6_000, percent: null, note: null }),
        );
      const both = await Promise.all([award(a, at.first, first), award(b, at.second, second)]);
      expect(both.map((r) => r.statusCode).sort(), `round ${round}: ${both.map((r) => r.body).join(" | ")}`).toEqual([
        200, 409,
      ]);
      wins.add(both[0]!.statusCode === 200 ? "a" : "b");
      const [row] = await a.database.db.select().from(aidSeasons).where(eq(aidSeasons.season, season));
      expect(row!.awardedCents).toBe(6_000);
    }
    expect([...wins].sort()).toEqual(["a", "b"]);
  });
});
