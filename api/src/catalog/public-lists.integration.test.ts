import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ADMIN, classId, JONAS, MAYA, seedDay, useTestApi } from "../../test/harness.js";

const api = useTestApi();

interface WireClass {
  _id: string;
  class_name: string;
  instructor: string;
  details: string;
  price: number;
  enrolled_seats: number;
  sport: string | null;
  start_date: string | null;
  end_date: string | null;
  age_min: number | null;
  age_max: number | null;
  level: string | null;
}
interface Page<T> {
  items: T[];
  page: number;
  size: number;
  hasMore: boolean;
}

const get = (url: string, headers: Record<string, string> = {}) => api.call({ method: "GET", url, headers });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<WireClass>;
};
/** Every page of a query, read one after another. */
async function allPages(url: string, size = 5): Promise<WireClass[]> {
  const items: WireClass[] = [];
  for (let n = 1; ; n++) {
    const p = await page(`${url}${url.includes("?") ? "&" : "?"}size=${size}&page=${n}`);
    items.push(...p.items);
    if (!p.hasMore) return items;
    expect(p.items).toHaveLength(size);
  }
}
const everyClass = async () => (await get("/classes")).json() as WireClass[];

describe("GET /classes, paged", () => {
  it("keeps the spec's whole array for the bare call, and answers a page for any parameter", async () => {
    const whole = await everyClass();
    expect(Array.isArray(whole)).toBe(true);
    expect(whole).toHaveLength(12);
    const first = await page("/classes?page=1");
    expect(first).toEqual({ items: whole.slice(0, 12), page: 1, size: 12, hasMore: false });
    const small = await page("/classes?size=5");
    expect(small).toMatchObject({ page: 1, size: 5, hasMore: true });
    expect(small.items.map((c) => c._id)).toEqual(whole.slice(0, 5).map((c) => c._id));
    // Empty parameters (a form's empty fields) filter nothing but still ask for a page.
    expect(await page("/classes?search=&sport=&age=")).toEqual(first);
  });

  it("pages cover the list once, without overlap, and say when no more follow", async () => {
    const whole = await everyClass();
    const paged = await allPages("/classes", 5);
    expect(paged.map((c) => c._id)).toEqual(whole.map((c) => c._id));
    expect(await page("/classes?page=4&size=5")).toEqual({ items: [], page: 4, size: 5, hasMore: false });
  });

  it("sorts by popularity, newest, price, first day (no dates last) and name, either way", async () => {
    const dateless = await api.call({
      method: "POST",
      url: "/classes",
      as: MAYA,
      payload: { class_name: "Aaa Open Gym", image: "https://example.com/g.png", available_seats: 5, price: 10 },
    });
    const id = dateless.json().insertedId;
    await api.call({ method: "PATCH", url: `/classes/${id}/status`, as: ADMIN, payload: { status: "approved" } });
    const byKey = (key: (c: WireClass) => string | number, dir: 1 | -1) => (a: WireClass, b: WireClass) =>
      key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0;

    const popular = await allPages("/classes?sort=popular");
    expect(popular.map((c) => c.enrolled_seats)).toEqual(popular.map((c) => c.enrolled_seats).sort((a, b) => b - a));
    const ids = (list: WireClass[]) => list.map((c) => c._id);
    expect(ids(await allPages("/classes"))).toEqual(ids(popular));
    expect(ids(await allPages("/classes?sort=newest"))[0]).toBe(id);
    expect(ids(await allPages("/classes?sort=newest&dir=asc")).at(-1)).toBe(id);
    for (const [dir, sign] of [
      ["asc", 1],
      ["desc", -1],
    ] as const) {
      const price = await allPages(`/classes?sort=price&dir=${dir}`);
      expect(price.map((c) => c.price)).toEqual([...price].sort(byKey((c) => c.price, sign)).map((c) => c.price));
      const name = await allPages(`/classes?sort=name&dir=${dir}`);
      expect(name.map((c) => c.class_name)).toEqual(
        [...name].sort(byKey((c) => c.class_name, sign)).map((c) => c.class_name),
      );
      const start = await allPages(`/classes?sort=start&dir=${dir}`);
      expect(start.at(-1)!._id).toBe(id);
      const dated = start.slice(0, -1).map((c) => c.start_date!);
      expect(dated).toEqual([...dated].sort((a, b) => (a < b ? -sign : a > b ? sign : 0)));
    }
    expect((await page("/classes?sort=price&size=1")).items[0]!._id).toBe(id);
    await api.call({ method: "DELETE", url: `/classes/${id}`, as: MAYA });
  });

  it("filters by sport, age, level, week, price and text, alone and together", async () => {
    const whole = await everyClass();
    const cases: [string, (c: WireClass) => boolean][] = [
      ["sport=tennis", (c) => c.sport === "tennis"],
      ["age=10", (c) => c.age_min! <= 10 && 10 <= c.age_max!],
      ["level=beginner", (c) => c.level === "beginner" || c.level === "all"],
      ["level=all", (c) => c.level === "all"],
      // A Wednesday of the seeded summer (7 July 2027 in the seed's template): its week's Monday to Sunday.
      [
        `week=${seedDay("2027-07-07")}`,
        (c) => c.start_date! <= seedDay("2027-07-11") && c.end_date! >= seedDay("2027-07-05"),
      ],
      [
        `week=${seedDay("2027-07-11")}`,
        (c) => c.start_date! <= seedDay("2027-07-11") && c.end_date! >= seedDay("2027-07-05"),
      ],
      ["min_price=100&max_price=150", (c) => c.price >= 100 && c.price <= 150],
      ["max_price=149.5", (c) => c.price <= 149.5],
      ["search=SOCCER", (c) => /soccer/i.test(c.class_name + c.details)],
      ["search=torres", (c) => c.instructor === "Maya Torres"],
      ["search=indoor wall", (c) => /indoor wall/i.test(c.details)],
      ["search=%25", () => false],
      ["age=10&level=beginner", (c) => c.age_min! <= 10 && 10 <= c.age_max! && ["beginner", "all"].includes(c.level!)],
      [
        "sport=soccer&age=9&max_price=200&search=junior",
        (c) => c.sport === "soccer" && c.class_name.includes("Junior"),
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = whole.filter(keep).map((c) => c._id);
      const got = (await allPages(`/classes?${query}`, 4)).map((c) => c._id);
      expect(got, query).toEqual(expected);
      if (query !== "search=%25") expect(got.length, query).toBeGreaterThan(0);
    }
    expect((await allPages("/classes?age=10", 4)).length).toBeLessThan(whole.length);
  });

  it("refuses bad parameters with a message naming each, and unknown ones", async () => {
    const bad = await get(
      "/classes?page=0&size=49&sort=cheapest&dir=up&sport=quidditch&age=4&level=pro&week=2027-13-01",
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      page: "Page starts at 1.",
      size: "Size is at most 48.",
      sort: "Sort by one of: popular, newest, price, start, name.",
      dir: "Direction is asc or desc.",
      sport: "Choose a sport from the list",
      age: "Ages must be whole numbers from 5 to 18",
      level: "Choose a level",
      week: "Enter a day of the week as YYYY-MM-DD",
    });
    const prices = await get("/classes?min_price=90&max_price=50");
    expect(prices.json().fields).toEqual({ max_price: "The highest price cannot be below the lowest" });
    const unknown = await get("/classes?colour=red");
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain("colour");
    expect((await get("/classes?min_price=-1")).statusCode).toBe(400);
  });
});

describe("GET /instructors, paged", () => {
  it("keeps the whole array by name for the bare call; pages by most classes or by name, with search", async () => {
    const whole = (await get("/instructors")).json() as { _id: string; name: string; classCount: number }[];
    expect(whole.map((i) => i.name)).toEqual([...whole.map((i) => i.name)].sort());
    expect(whole.find((i) => i._id === MAYA.id)!.classCount).toBe(2);
    const popular = (await get("/instructors?size=6")).json() as Page<(typeof whole)[number]>;
    expect(popular).toMatchObject({ page: 1, size: 6, hasMore: false });
    const expected = [...whole].sort((a, b) => b.classCount - a.classCount || (a.name < b.name ? -1 : 1));
    expect(popular.items).toEqual(expected);
    const byName = (await get("/instructors?sort=name&size=4&page=2")).json() as Page<(typeof whole)[number]>;
    expect(byName).toEqual({ items: whole.slice(4, 8), page: 2, size: 4, hasMore: false });
    const found = (await get("/instructors?search=BERG")).json() as Page<(typeof whole)[number]>;
    expect(found.items.map((i) => i._id)).toEqual([JONAS.id]);
    expect((await get("/instructors?sort=seats")).statusCode).toBe(400);
    expect((await get("/instructors?sport=tennis")).statusCode).toBe(400);
  });
});

describe("the cached pages", () => {
  it("a write shows on the very next read of every page and filter", async () => {
    const url = "/classes?sport=soccer&sort=name";
    expect((await page(url)).items.map((c) => c.class_name)).toEqual(["Junior Soccer Skills"]);
    const home = await page("/classes?sort=popular&size=6");
    const instructors = (await get("/instructors?size=6")).json() as Page<{ _id: string; classCount: number }>;
    await api.call({
      method: "PATCH",
      url: `/classes/${classId(13)}/status`,
      as: ADMIN,
      payload: { status: "approved" },
    });
    expect((await page(url)).items.map((c) => c.class_name)).toEqual(["Advanced Goalkeeping", "Junior Soccer Skills"]);
    const after = (await get("/instructors?size=6")).json() as Page<{ _id: string; classCount: number }>;
    const count = (p: typeof after) => p.items.find((i) => i._id === MAYA.id)!.classCount;
    expect(count(after)).toBe(count(instructors) + 1);
    await api.call({
      method: "PATCH",
      url: `/classes/${classId(1)}`,
      as: ADMIN,
      payload: { class_name: "Junior Soccer Camp" },
    });
    const homeAfter = await page("/classes?sort=popular&size=6");
    expect(homeAfter.items.map((c) => c._id)).toEqual(home.items.map((c) => c._id));
    expect(homeAfter.items.find((c) => c._id === classId(1))!.class_name).toBe("Junior Soccer Camp");
  });
});

describe("compression", () => {
  it("sends the lists as brotli or gzip, as accepted, and small answers as they are", async () => {
    const plain = await get("/classes");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get("/classes", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    // CORS answers differ per Origin: a shared cache must keep them apart too.
    const fromSite = await get("/classes", { origin: "http://localhost:3000", "accept-encoding": "br" });
    expect(fromSite.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(String(fromSite.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(["Origin", "Accept-Encoding"]));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await get("/classes?sort=name", { "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual((await get("/classes?sort=name")).json());
    const none = await get("/classes", { "accept-encoding": "identity" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    // One instructor's page is under 1 KB: compressing it would gain nothing.
    const small = await get("/instructors?size=1", { "accept-encoding": "br" });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    // Answers that are not cached lists are compressed too.
    const admin = await api.call({
      method: "GET",
      url: "/admin/classes?size=100",
      as: ADMIN,
      headers: { "accept-encoding": "gzip" },
    });
    expect(admin.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(admin.rawPayload).toString()).items).toHaveLength(15);
  });

  it("keeps ETags and 304 working, one ETag per coding", async () => {
    const br = await get("/classes?size=6", { "accept-encoding": "br" });
    const plain = await get("/classes?size=6");
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    for (const etag of [br.headers.etag, plain.headers.etag, `W/${br.headers.etag}`]) {
      const again = await get("/classes?size=6", { "accept-encoding": "br", "if-none-match": String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    expect((await get("/classes?size=7", { "if-none-match": String(plain.headers.etag) })).statusCode).toBe(200);
    await api.call({ method: "PATCH", url: `/classes/${classId(2)}`, as: ADMIN, payload: { details: "Changed." } });
    const changed = await get("/classes?size=6", { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(br.headers.etag);
  });
});
