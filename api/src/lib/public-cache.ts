import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { cacheVersions } from "../db/schema.js";

export type CacheName = "classes" | "instructors";

interface Entry {
  version: number;
  body: string;
  etag: string;
}

type Tx = Pick<Db, "update">;

/** Called inside the transaction of any write that changes a cached list. */
export async function bumpCacheVersions(tx: Tx, names: CacheName[]): Promise<void> {
  await tx
    .update(cacheVersions)
    .set({ version: sql`${cacheVersions.version} + 1` })
    .where(inArray(cacheVersions.name, names));
}

/**
 * The public lists are read on every visit. Each process keeps the serialized JSON and its ETag,
 * and before serving it reads the list's version (one indexed row): a write in any process bumps
 * the version in its own transaction, so the next read anywhere sees the change.
 */
export class PublicCache {
  private entries = new Map<CacheName, Entry>();

  constructor(private db: Db) {}

  async get(name: CacheName, load: () => Promise<unknown>): Promise<{ body: string; etag: string }> {
    const [row] = await this.db
      .select({ version: cacheVersions.version })
      .from(cacheVersions)
      .where(eq(cacheVersions.name, name));
    const version = row?.version ?? -1;
    const cached = this.entries.get(name);
    if (cached && cached.version === version) return cached;
    const body = JSON.stringify(await load());
    const etag = `"${name}-${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
    const entry = { version, body, etag };
    this.entries.set(name, entry);
    return entry;
  }
}

/** Answers with a cached list: its ETag, 304 when the browser already has it, else the JSON. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: { body: string; etag: string }) {
  reply.header("ETag", entry.etag).header("Cache-Control", "no-cache");
  if (request.headers["if-none-match"] === entry.etag) return reply.status(304).send();
  return reply.type("application/json; charset=utf-8").send(entry.body);
}
