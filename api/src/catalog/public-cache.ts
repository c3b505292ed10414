import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { academyDayNow, isWithin } from "../platform/academy-day.js";
import { nowMs } from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { cacheVersions } from "../platform/database/schema.js";
import { LISTS_CHANNEL, type ChangeFeed, type Changed } from "../platform/database/change-feed.js";
import { transaction } from "../platform/transaction.js";

export const CACHE_NAMES = ["classes", "instructors"] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/** A list as served: its JSON (also encoded once, not on every request) and its ETag. */
export interface CachedList {
  /** The list and the key of this copy (the whole list "", or one page or filter). */
  name: CacheName;
  key: string;
  body: string;
  bytes: Buffer;
  etag: string;
  /** The same bytes compressed, each made once on the first request that accepts it. */
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The compressed bytes once made (the front path serves only what is ready). */
  ready?: Partial<Record<Encoding, Buffer>>;
  /** The answers the front path replays, by shape of request (front-path.ts); made once per copy. */
  replies?: Map<string, FrontReply>;
  /** Set by the cache when a front path serves its copies. */
  front?: ReplyLearner;
}

/** An answer as sent (but for Date), which the front path replays (front-path.ts). */
export interface FrontReply {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer | undefined;
}

/** What sendCached tells the front path (front-path.ts) of each answer it makes from a copy. */
export interface ReplyLearner {
  learn(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedList,
    encoding: Encoding | null,
    notModified: boolean,
    options: SendOptions,
  ): void;
}

/** Lists and pages kept per list name; past that, the least recently served go first. */
export const MAX_ENTRIES_PER_LIST = 500;

interface Entry extends CachedList {
  /** The list's version row, read before the list was loaded. */
  version: number;
  /** This process's invalidation count for the list when the load started. */
  generation: number;
  /**
   * The academy day it was loaded for (its prices are that day's: price_today), as instants on the
   * API's clock: it is served only from `fromMs` until before `untilMs`.
   */
  fromMs: number;
  untilMs: number;
}

/** A list's loader: `today` is the academy day the copy is kept for (the day its prices are for). */
export type ListLoader = (today: string) => Promise<unknown>;

/**
 * A copy holds today's prices (an early-bird price until its last day, then the full price), so it
 * is kept for the academy day it was loaded on only: from Portland's midnight (by the API's clock,
 * which tests move) the next request loads it again, priced as the checkout prices that day
 * (decision 034). Its ETag changes with its bytes, so no browser's copy is revalidated across it.
 */
const heldToday = (entry: { fromMs: number; untilMs: number }) => isWithin(entry, nowMs());

export interface PublicCacheOptions {
  /** How long a writer waits for every process to confirm a change before answering anyway. */
  deliveryTimeoutMs?: number;
  log: FastifyBaseLogger;
}

/**
 * The version rows: the cross-check read while the change feed is down. Locked in name order
 * first: an UPDATE of several rows locks them in the order it finds them, which two writers need
 * not share (after one updated a row its new version lies elsewhere in the table); two payments
 * bumping "classes" and "instructors" then waited for each other until PostgreSQL's deadlock
 * check (a second) broke it, holding their classes' rows meanwhile (opening-day bench).
 */
async function bumpVersions(tx: Tx, names: readonly CacheName[]): Promise<void> {
  const inOrder = tx
    .select({ name: cacheVersions.name })
    .from(cacheVersions)
    .where(inArray(cacheVersions.name, [...names]))
    .orderBy(asc(cacheVersions.name))
    .for("no key update");
  await tx
    .update(cacheVersions)
    .set({ version: sql`${cacheVersions.version} + 1` })
    .where(inArray(cacheVersions.name, inOrder));
}

/**
 * Inside a transaction that changes these lists: bumps their versions and announces the change.
 * Prefer `PublicCache.write`, which also answers only once the announcement reached this process
 * (with this helper alone, a read right after the write may be served from the old copy for the
 * few milliseconds the notification takes on PostgreSQL).
 */
export async function bumpCacheVersions(tx: Tx, names: readonly CacheName[]): Promise<void> {
  await bumpVersions(tx, names);
  await tx.execute(sql`select pg_notify(${LISTS_CHANNEL}, ${JSON.stringify({ lists: names })})`);
}

/**
 * The public lists are read on every visit. Each process keeps the serialized JSON and its ETag
 * in memory and serves it without touching the database while its change feed is live: every
 * write that changes a list goes through `write`, which announces the change in its transaction
 * (PostgreSQL delivers it to every listening process at commit), invalidates this process at
 * once, and answers only once every listening process confirmed it had invalidated too. While
 * the feed is down, each read compares the list's version row (bumped in the same transaction)
 * before serving the cached copy, as a fallback that needs no notification.
 */
export class PublicCache {
  /** Per list, its copies by key: the whole list ("") and each page and filter asked for. */
  private readonly entries = new Map<CacheName, Map<string, Entry>>();
  private readonly generations = new Map<CacheName, number>();
  private readonly loading = new Map<
    string,
    { generation: number; fromMs: number; untilMs: number; entry: Promise<Entry> }
  >();
  private readonly deliveryTimeoutMs: number;
  private readonly log: FastifyBaseLogger;
  /** The front path that answers this cache's copies before Fastify (front-path.ts), if any. */
  front: ReplyLearner | undefined;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    options: PublicCacheOptions,
  ) {
    this.deliveryTimeoutMs = options.deliveryTimeoutMs ?? 2_000;
    this.log = options.log;
    feed.onChange((changed) => this.invalidate(changed));
  }

  /** Whether reads are served from memory alone (the feed is live) or checked against the version rows. */
  get mode(): "notified" | "version-checked" {
    return this.feed.live ? "notified" : "version-checked";
  }

  /**
   * The list `name` (or one page or filter of it, named by `key`), from memory or loaded. Every
   * key of a list is dropped together when the list changes.
   */
  async get(name: CacheName, load: ListLoader, key = ""): Promise<CachedList> {
    if (this.feed.live) {
      const cached = this.cached(name, key);
      if (cached) return cached;
      const generation = this.generation(name);
      const loadKey = `${name}\u0000${key}`;
      const pending = this.loading.get(loadKey);
      // A load for yesterday (under way at midnight) is not today's list.
      if (pending?.generation === generation && heldToday(pending)) return pending.entry;
      const day = academyDayNow();
      const entry = this.fill(name, key, load, day);
      this.loading.set(loadKey, { generation, fromMs: day.fromMs, untilMs: day.untilMs, entry });
      return entry.finally(() => {
        if (this.loading.get(loadKey)?.entry === entry) this.loading.delete(loadKey);
      });
    }
    const version = await this.version(name);
    const cached = this.cached(name, key);
    if (cached && cached.version === version) return cached;
    return this.fill(name, key, load, academyDayNow(), version);
  }

  /**
   * A kept copy while the feed is live, without loading anything (the front path: while the feed
   * is down, every serve checks the version row, so the normal route answers).
   */
  peek(name: CacheName, key: string): CachedList | undefined {
    return this.feed.live ? this.cached(name, key) : undefined;
  }

  /** A kept copy of today, marked as the most recently served; one of another day is dropped. */
  private cached(name: CacheName, key: string): Entry | undefined {
    const copies = this.entries.get(name);
    const entry = copies?.get(key);
    if (!entry || !copies) return undefined;
    copies.delete(key);
    if (!heldToday(entry)) return undefined;
    copies.set(key, entry);
    return entry;
  }

  /**
   * Runs a transaction that changes these lists. Every process sees the change on its next read
   * once this resolves. With `{ waitForOthers: false }` only this process is sure to: the others
   * drop their copies when the notification reaches them (milliseconds, or their event loop's lag
   * under load). For changes that are counts the server checks again anyway (a payment taking its
   * seats), so a payment's answer never waits for the busiest process.
   */
  async write<T>(
    lists: readonly CacheName[],
    work: (tx: Tx) => Promise<T>,
    { waitForOthers = true }: { waitForOthers?: boolean } = {},
  ): Promise<T> {
    if (!waitForOthers) {
      // Announced without a token: the others drop their copies and send no confirmation.
      const result = await transaction(this.db, async (tx) => {
        const value = await work(tx);
        await bumpCacheVersions(tx, lists);
        return value;
      });
      this.invalidate(lists);
      return result;
    }
    const ticket = this.feed.expect();
    let result: T;
    try {
      result = await transaction(this.db, async (tx) => {
        const value = await work(tx);
        await bumpVersions(tx, lists);
        await this.feed.announce(tx, lists, ticket);
        return value;
      });
    } catch (error) {
      ticket.cancel();
      throw error;
    }
    this.invalidate(lists);
    if (!(await ticket.wait(this.deliveryTimeoutMs)) && this.feed.live) {
      this.log.warn({ lists }, "a list change was not confirmed by every API process in time");
    }
    return result;
  }

  private invalidate(changed: Changed) {
    for (const name of changed === "all" ? CACHE_NAMES : changed) {
      if (!(CACHE_NAMES as readonly string[]).includes(name)) continue;
      const key = name as CacheName;
      this.generations.set(key, this.generation(key) + 1);
      this.entries.delete(key);
    }
  }

  private generation(name: CacheName): number {
    return this.generations.get(name) ?? 0;
  }

  private async version(name: CacheName): Promise<number> {
    const [row] = await this.db
      .select({ version: cacheVersions.version })
      .from(cacheVersions)
      .where(eq(cacheVersions.name, name));
    return row?.version ?? -1;
  }

  /** Loads a list; keeps it only if no change to it arrived while it was loading. */
  private async fill(
    name: CacheName,
    key: string,
    load: ListLoader,
    { today, fromMs, untilMs }: ReturnType<typeof academyDayNow>,
    knownVersion?: number,
  ): Promise<Entry> {
    const generation = this.generation(name);
    const version = knownVersion ?? (await this.version(name));
    const body = JSON.stringify(await load(today));
    const etag = `"${name}-${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
    const entry: Entry = {
      name,
      key,
      version,
      generation,
      fromMs,
      untilMs,
      body,
      bytes: Buffer.from(body),
      etag,
      front: this.front,
    };
    if (this.generation(name) === generation) {
      let copies = this.entries.get(name);
      if (!copies) this.entries.set(name, (copies = new Map()));
      copies.set(key, entry);
      if (copies.size > MAX_ENTRIES_PER_LIST) copies.delete(copies.keys().next().value!);
    }
    return entry;
  }
}

export type Encoding = "br" | "gzip";

/** Below this many bytes a list goes as it is: compressing saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  // Quality 5: most of brotli's gain for a fraction of its top quality's time, on lists of any size.
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 6 }),
};

/** The coding a client accepts that we prefer (brotli, then gzip), or null for identity. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const q = new Map<string, number>();
  for (const part of value.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (!coding) continue;
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((w) => w !== undefined);
    q.set(coding, weight === undefined ? 1 : Number(weight));
  }
  const weight = (coding: Encoding) => q.get(coding) ?? q.get("*") ?? 0;
  const best = (["br", "gzip"] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best ?? null;
}

/** An ETag of the list as sent in one coding (a strong ETag names one representation). */
export const codedEtag = (etag: string, encoding: Encoding | null) =>
  encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;

/** Whether an If-None-Match header names this list, in any coding (weak or strong, or "*"). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(0, -1);
  return header.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || t === etag || (t.startsWith(base) && /^(-br|-gzip)?"$/.test(t.slice(base.length)));
  });
}

/** How a copy is answered to a request: its coding (null: as it is) and whether 304 Not Modified. */
export function replyShape(
  entry: CachedList,
  headers: { "accept-encoding"?: string | string[]; "if-none-match"?: string },
): { encoding: Encoding | null; notModified: boolean } {
  return {
    encoding: entry.bytes.length >= COMPRESS_THRESHOLD ? acceptedEncoding(headers["accept-encoding"]) : null,
    notModified: matches(headers["if-none-match"], entry.etag),
  };
}

export interface SendOptions {
  /**
   * The answer is the same for everyone only without an Authorization header (the whole class
   * list: an admin gets every class): the front path then serves only requests without one.
   */
  visitorsOnly?: boolean;
}

/** A `Vary` that keeps what the plugins named already (CORS adds `Origin`) and adds `field`. */
function withVary(current: unknown, field: string): string {
  const names = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name === "*" || name.toLowerCase() === field.toLowerCase())) names.push(field);
  return names.join(", ");
}

/**
 * Answers with a cached list: its ETag, 304 when the browser already has it, else the JSON,
 * compressed once per list and coding when the client accepts brotli or gzip. The front path
 * (front-path.ts) learns the answer here and replays it to the next requests of the same shape.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedList,
  options: SendOptions = {},
) {
  const { encoding, notModified } = replyShape(entry, request.headers);
  entry.front?.learn(request, reply, entry, encoding, notModified, options);
  reply
    .header("ETag", codedEtag(entry.etag, encoding))
    .header("Cache-Control", "no-cache")
    .header("Vary", withVary(reply.getHeader("Vary"), "Accept-Encoding"));
  if (notModified) return reply.status(304).send();
  reply.type("application/json; charset=utf-8");
  if (!encoding) return reply.send(entry.bytes);
  entry.encoded ??= {};
  const encoded = (entry.encoded[encoding] ??= compressors[encoding](entry.bytes).then((bytes) => {
    (entry.ready ??= {})[encoding] = bytes;
    return bytes;
  }));
  return reply.header("Content-Encoding", encoding).send(await encoded);
}
