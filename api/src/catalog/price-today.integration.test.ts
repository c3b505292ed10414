import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { academyDayBounds } from "../platform/academy-day.js";
import { restoreClock, setClock } from "../platform/clock.js";
import { family, lineClass } from "../../test/families.js";
import { seedDay, useTestApi } from "../../test/harness.js";

/**
 * The class lists say what a seat costs today (price_today, and until when), as the checkout
 * prices it that day (decision 034): the cached lists and their front path (decision 036) too,
 * across the early-bird price's last day at Portland's midnight, on the API's clock moved there.
 */
const api = useTestApi();

interface WireClass {
  _id: string;
  price: number;
  early_price: number | null;
  early_price_until: string | null;
  price_today: number;
  price_today_until: string | null;
}

let base = "";
beforeAll(async () => {
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});

let previousClock: number | undefined;
afterEach(() => {
  if (previousClock !== undefined) restoreClock(previousClock);
  previousClock = undefined;
});
const moveClock = (at: string) => {
  const previous = setClock(at);
  previousClock ??= previous;
};

/** A GET over real HTTP (the front path answers there, before Fastify), as JSON. */
function getJson(path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      })
      .on("error", reject);
  });
}

const served = async () =>
  ((await api.call({ method: "GET", url: "/health" })).json() as { frontServed: number }).frontServed;

/** The class as every public list says it: the whole list, a page, the class itself, an instructor's. */
async function everywhere(id: string): Promise<WireClass[]> {
  const whole = (await getJson("/classes")) as WireClass[];
  const page = (await getJson("/classes?sort=price&size=48")) as { items: WireClass[] };
  const one = (await getJson(`/classes/${id}`)) as WireClass;
  const find = (list: WireClass[]) => list.find((c) => c._id === id)!;
  return [find(whole), find(page.items), one];
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("the price of today on the class lists", () => {
  it("is the early-bird price until the end of its last day in Portland, then the full price, as the quote", async () => {
    // The last day, in June of the seeded summer (Pacific Daylight Time, UTC-7).
    const last = seedDay("2027-06-15");
    const id = await lineClass(api, 10, {
      priceCents: 13_900,
      earlyPriceCents: 11_950,
      earlyPriceUntil: last,
      startDate: seedDay("2027-07-19"),
      endDate: seedDay("2027-07-23"),
    });
    const parent = await family(api, ["Ada"]);
    const added = await api.call({
      method: "POST",
      url: "/carts",
      as: parent,
      payload: { classItemId: id, camperId: parent.kids[0] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const quoted = async () =>
      (await api.call({ method: "POST", url: "/carts/quote", as: parent, payload: {} })).json() as {
        totalCents: number;
      };

    // Ten seconds before midnight in Portland (07:00 UTC the next day): the early-bird price.
    moveClock(`${last}T23:59:50-07:00`);
    for (const shown of await everywhere(id)) {
      expect(shown).toMatchObject({ price: 139, early_price: 119.5, price_today: 119.5, price_today_until: last });
    }
    // Read again: the front path replays the cached copies.
    const before = await served();
    await everywhere(id);
    expect(await served()).toBeGreaterThan(before);
    expect((await quoted()).totalCents).toBe(11_950);

    // Ten seconds after midnight: the same lists, from their copies of yesterday no more.
    moveClock(`${nextDay(last)}T00:00:10-07:00`);
    for (const shown of await everywhere(id)) {
      expect(shown).toMatchObject({ price: 139, early_price: 119.5, price_today: 139, price_today_until: null });
    }
    expect((await quoted()).totalCents).toBe(13_900);

    // The clock moved back (tests do): the copies of the next day are not served on the last.
    moveClock(`${last}T12:00:00-07:00`);
    for (const shown of await everywhere(id)) expect(shown.price_today).toBe(119.5);
    expect((await quoted()).totalCents).toBe(11_950);
  });

  it("knows the academy day's bounds whatever the season (23, 24 and 25 hours)", () => {
    const at = (instant: string) => Date.parse(instant);
    expect(academyDayBounds("2027-06-15")).toEqual({
      startMs: at("2027-06-15T00:00:00-07:00"),
      endMs: at("2027-06-16T00:00:00-07:00"),
    });
    expect(academyDayBounds("2027-01-15")).toEqual({
      startMs: at("2027-01-15T00:00:00-08:00"),
      endMs: at("2027-01-16T00:00:00-08:00"),
    });
    // Clocks go forward on 14 March 2027 and back on 7 November 2027 in Portland.
    const spring = academyDayBounds("2027-03-14");
    expect(spring.endMs - spring.startMs).toBe(23 * 3_600_000);
    const autumn = academyDayBounds("2027-11-07");
    expect(autumn.endMs - autumn.startMs).toBe(25 * 3_600_000);
  });
});
