import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChangeFeed, Changed, Ticket } from "../platform/database/change-feed.js";
import { acceptedEncoding, bumpCacheVersions, MAX_ENTRIES_PER_LIST, PublicCache } from "./public-cache.js";
import { useTestApi } from "../../test/harness.js";

const api = useTestApi();

/** A feed the test drives: live or not, and changes delivered when the test says so. */
class FakeFeed implements ChangeFeed {
  live = true;
  private listener: (changed: Changed) => void = () => {};
  onChange(listener: (changed: Changed) => void) {
    this.listener = listener;
  }
  change(changed: Changed) {
    this.listener(changed);
  }
  expect(): Ticket {
    return { token: "t", wait: async () => true, cancel: () => {} };
  }
  async announce() {}
  async start() {}
  async close() {}
}

const silent = { warn: () => {} } as never;

function counter() {
  let n = 0;
  return {
    load: async () => ({ n: ++n }),
    get count() {
      return n;
    },
  };
}

describe("the public lists' cache", () => {
  it("serves from memory while the feed is live, and reloads after a change", async () => {
    const feed = new FakeFeed();
    const cache = new PublicCache(api.database.db, feed, { log: silent });
    const loads = counter();
    for (let i = 0; i < 3; i++) expect((await cache.get("classes", loads.load)).body).toBe('{"n":1}');
    feed.change(["instructors"]);
    expect((await cache.get("classes", loads.load)).body).toBe('{"n":1}');
    feed.change(["classes"]);
    expect((await cache.get("classes", loads.load)).body).toBe('{"n":2}');
    feed.change("all");
    expect((await cache.get("classes", loads.load)).body).toBe('{"n":3}');
  });

  it("keeps each page of a list apart, drops them all on a change, and the least recent past its bound", async () => {
    const feed = new FakeFeed();
    const cache = new PublicCache(api.database.db, feed, { log: silent });
    const loads = counter();
    const first = (await cache.get("classes", loads.load, "page 1")).body;
    const second = (await cache.get("classes", loads.load, "page 2")).body;
    expect([first, second]).toEqual(['{"n":1}', '{"n":2}']);
    expect((await cache.get("classes", loads.load, "page 1")).body).toBe(first);
    feed.change(["classes"]);
    expect((await cache.get("classes", loads.load, "page 2")).body).toBe('{"n":3}');
    expect((await cache.get("classes", loads.load, "page 1")).body).toBe('{"n":4}');
    for (let i = 0; i < MAX_ENTRIES_PER_LIST; i++) await cache.get("classes", loads.load, `filter ${i}`);
    const before = loads.count;
    // "page 1" was the least recently served: it went; the last filter stayed.
    await cache.get("classes", loads.load, `filter ${MAX_ENTRIES_PER_LIST - 1}`);
    expect(loads.count).toBe(before);
    await cache.get("classes", loads.load, "page 1");
    expect(loads.count).toBe(before + 1);
  });

  it("picks the coding a client prefers among brotli and gzip", () => {
    expect(acceptedEncoding("gzip, deflate, br")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, *")).toBe("gzip");
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding("*;q=0")).toBeNull();
  });

  it("concurrent misses share one load", async () => {
    const cache = new PublicCache(api.database.db, new FakeFeed(), { log: silent });
    const loads = counter();
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get("classes", loads.load)));
    expect(new Set(all.map((e) => e.body))).toEqual(new Set(['{"n":1}']));
    expect(loads.count).toBe(1);
  });

  it("does not keep a list that was loading when a change arrived", async () => {
    const feed = new FakeFeed();
    const cache = new PublicCache(api.database.db, feed, { log: silent });
    let release: () => void = () => {};
    let loadStarted: () => void = () => {};
    const underWay = new Promise<void>((resolve) => (loadStarted = resolve));
    const slow = cache.get("classes", () => {
      loadStarted();
      return new Promise((resolve) => (release = () => resolve("old")));
    });
    await underWay; // the load is under way
    feed.change(["classes"]); // a write committed meanwhile
    release();
    expect((await slow).body).toBe('"old"'); // that request began before the write: fine
    // The next read must not get the list loaded before the change.
    expect((await cache.get("classes", async () => "new")).body).toBe('"new"');
  });

  it("checks the version rows while the feed is down", async () => {
    const feed = new FakeFeed();
    feed.live = false;
    const cache = new PublicCache(api.database.db, feed, { log: silent });
    const loads = counter();
    await cache.get("instructors", loads.load);
    await cache.get("instructors", loads.load);
    expect(loads.count).toBe(1);
    // Another process writes; this one hears nothing, but the version row moved.
    await api.database.db.transaction((tx) => bumpCacheVersions(tx, ["instructors"]));
    expect((await cache.get("instructors", loads.load)).body).toBe('{"n":2}');
    expect(loads.count).toBe(2);
  });

  it("a write that rolls back leaves the cached list in place, and the error reaches the caller", async () => {
    const cache = new PublicCache(api.database.db, new FakeFeed(), { log: silent });
    const loads = counter();
    await cache.get("classes", loads.load);
    await expect(
      cache.write(["classes"], async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await cache.get("classes", loads.load);
    expect(loads.count).toBe(1);
    await cache.write(["classes"], async () => undefined);
    await cache.get("classes", loads.load);
    expect(loads.count).toBe(2);
  });

  it("a write that does not wait for the others asks for no confirmation, drops this copy at once and moves the version row", async () => {
    const feed = new FakeFeed();
    let tickets = 0;
    feed.expect = () => {
      tickets++;
      return { token: "t", wait: async () => true, cancel: () => {} };
    };
    const cache = new PublicCache(api.database.db, feed, { log: silent });
    const loads = counter();
    await cache.get("classes", loads.load);
    const version = async () =>
      (
        (await api.database.db.execute(sql`select version from cache_versions where name = 'classes'`)) as unknown as {
          rows: { version: number }[];
        }
      ).rows[0]!.version;
    const before = await version();
    expect(await cache.write(["classes"], async () => "done", { waitForOthers: false })).toBe("done");
    expect(tickets).toBe(0);
    expect(await version()).toBe(before + 1);
    expect((await cache.get("classes", loads.load)).body).toBe('{"n":2}');
  });

  it("the API reports how it serves the lists", async () => {
    const health = (await api.call({ method: "GET", url: "/health" })).json();
    expect(health).toMatchObject({ status: "ok", listCache: "notified" });
  });
});
