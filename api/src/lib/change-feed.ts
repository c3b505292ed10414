import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Tx } from "../db/client.js";

/** The channel every API process LISTENs on for changes to the cached public lists. */
export const LISTS_CHANNEL = "academy_public_lists";
/** The listening sessions of the API processes, once their LISTEN is in place. */
export const LISTENER_NAME = "academy-api list listener";
const ackChannel = (instance: string) => `academy_list_ack_${instance}`;

/** Lists a committed write changed, or "all" when this process may have missed changes. */
export type Changed = readonly string[] | "all";

/** A writer's hold on its announcement, from before its transaction until every process has it. */
export interface Ticket {
  readonly token: string;
  /**
   * After commit: true once this process's listener and every other listening process have the
   * change (the others confirm after invalidating); false after timeoutMs.
   */
  wait(timeoutMs: number): Promise<boolean>;
  /** The transaction rolled back: nothing will come. */
  cancel(): void;
}

/**
 * How the processes sharing one database tell each other that a cached list changed. While
 * `live` is false, a process cannot know of every change and must not trust its cache alone.
 */
export interface ChangeFeed {
  readonly live: boolean;
  onChange(listener: (changed: Changed) => void): void;
  /** Before the writing transaction. */
  expect(): Ticket;
  /** Inside the writing transaction: delivered to every listening process when it commits. */
  announce(tx: Tx, lists: readonly string[], ticket: Ticket): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface Waiter {
  delivered: boolean;
  confirmations: number;
  /** Other processes that must confirm; known once the announcement is in the transaction. */
  required: number | undefined;
  settle: (done: boolean) => void;
}

/** Delivery of announcements to this process's listeners and waiting writers; both drivers. */
abstract class NotificationFeed implements ChangeFeed {
  protected readonly instance = randomBytes(16).toString("hex");
  protected readonly waiters = new Map<string, Waiter>();
  private readonly listeners: ((changed: Changed) => void)[] = [];
  private writes = 0;

  abstract readonly live: boolean;
  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
  /** A writer's announcement was not confirmed in time. */
  protected abstract suspect(): void;
  /** Inside the writing transaction: sends the announcement; returns how many others must confirm. */
  protected abstract send(tx: Tx, payload: string): Promise<number>;

  onChange(listener: (changed: Changed) => void): void {
    this.listeners.push(listener);
  }

  expect(): Ticket {
    const token = `${this.instance}:${++this.writes}`;
    let settle: (done: boolean) => void = () => {};
    const done = new Promise<boolean>((resolve) => (settle = resolve));
    this.waiters.set(token, {
      delivered: false,
      confirmations: 0,
      required: undefined,
      settle: (value) => {
        this.waiters.delete(token);
        settle(value);
      },
    });
    return {
      token,
      wait: async (timeoutMs) => {
        this.check(token);
        if (!this.waiters.has(token)) return done;
        const timer = setTimeout(() => {
          if (!this.waiters.has(token)) return;
          this.waiters.get(token)!.settle(false);
          this.suspect();
        }, timeoutMs);
        const result = await done;
        clearTimeout(timer);
        return result;
      },
      cancel: () => this.waiters.get(token)?.settle(false),
    };
  }

  async announce(tx: Tx, lists: readonly string[], ticket: Ticket): Promise<void> {
    const others = await this.send(tx, JSON.stringify({ lists, token: ticket.token }));
    const waiter = this.waiters.get(ticket.token);
    if (waiter) waiter.required = others;
  }

  protected emit(changed: Changed) {
    for (const listener of this.listeners) listener(changed);
  }

  protected settleAll(done: boolean) {
    for (const waiter of [...this.waiters.values()]) waiter.settle(done);
  }

  /** A writer is done once its own listener had the change and every other process confirmed. */
  private check(token: string) {
    const waiter = this.waiters.get(token);
    if (!waiter || waiter.required === undefined) return;
    if (!this.live) return waiter.settle(false);
    if (waiter.delivered && waiter.confirmations >= waiter.required) waiter.settle(true);
  }

  /** An announcement (ours or another process's) came through the listener. Returns its token. */
  protected receive(payload: string | undefined): string | undefined {
    let message: { lists?: unknown; token?: unknown } = {};
    try {
      message = JSON.parse(payload ?? "") as typeof message;
    } catch {
      // An unreadable message still says something changed.
    }
    const lists = Array.isArray(message.lists)
      ? message.lists.filter((l): l is string => typeof l === "string")
      : "all";
    this.emit(lists);
    if (typeof message.token !== "string") return undefined;
    const waiter = this.waiters.get(message.token);
    if (waiter) {
      waiter.delivered = true;
      this.check(message.token);
    }
    return message.token;
  }

  protected confirmed(token: string) {
    const waiter = this.waiters.get(token);
    if (!waiter) return;
    waiter.confirmations++;
    this.check(token);
  }
}

/**
 * PGlite: one process per data folder. It delivers a notification to its listeners before the
 * COMMIT that sent it returns, so the writer's own announcement is back by the time it answers.
 */
export class PgliteChangeFeed extends NotificationFeed {
  private state: "idle" | "live" | "closed" = "idle";
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly client: PGlite) {
    super();
  }

  get live(): boolean {
    return this.state === "live";
  }

  async start(): Promise<void> {
    this.unlisten = await this.client.listen(LISTS_CHANNEL, (payload) => void this.receive(payload));
    this.state = "live";
    this.emit("all");
  }

  async close(): Promise<void> {
    this.state = "closed";
    this.settleAll(false);
    await this.unlisten?.().catch(() => {});
  }

  protected async send(tx: Tx, payload: string): Promise<number> {
    await tx.execute(sql`select pg_notify(${LISTS_CHANNEL}, ${payload})`);
    return 0;
  }

  protected suspect(): void {}
}

export interface PostgresChangeFeedOptions {
  /** How often the listener connection is checked while no notification arrives. */
  heartbeatMs?: number;
  /** Longest wait between reconnection attempts. */
  maxRetryMs?: number;
}

/**
 * PostgreSQL: a dedicated connection per process LISTENs on LISTS_CHANNEL; a writer `pg_notify`s
 * in its transaction, and PostgreSQL delivers the notification to every listening session when
 * (and only if) it commits. Each process invalidates, then confirms to the writer on the writer's
 * own channel; the writer counts the listening sessions in its transaction (each names itself
 * LISTENER_NAME only once its LISTEN is in place) and answers once all of them confirmed.
 *
 * The feed is live only while its connection is up and listening. When it drops (error, end, a
 * failed heartbeat, or a writer's announcement not confirmed in time), it reconnects with backoff;
 * on coming back every list is invalidated, since notifications sent meanwhile are lost.
 */
export class PostgresChangeFeed extends NotificationFeed {
  private client: pg.Client | null = null;
  private state: "down" | "connecting" | "live" | "closed" = "down";
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  private readonly maxRetryMs: number;

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    options: PostgresChangeFeedOptions = {},
  ) {
    super();
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.maxRetryMs = options.maxRetryMs ?? 5_000;
  }

  get live(): boolean {
    return this.state === "live";
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.state = "closed";
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeatTimer);
    this.settleAll(false);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  protected async send(tx: Tx, payload: string): Promise<number> {
    const ownPid = this.live ? ((this.client as unknown as { processID?: number } | null)?.processID ?? 0) : 0;
    const result = await tx.execute(sql`
      select pg_notify(${LISTS_CHANNEL}, ${payload}),
        (select count(*)::int from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_NAME} and pid <> ${ownPid}
        ) as others`);
    const rows = (result as unknown as { rows: { others: number }[] }).rows;
    return rows[0]?.others ?? 0;
  }

  protected suspect(): void {
    // Not every process confirmed in time: this listener may be the one that is stuck.
    if (this.client) this.drop(this.client, new Error("a change announcement was not confirmed in time"));
  }

  private async connect(): Promise<void> {
    if (this.state === "closed") return;
    this.state = "connecting";
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      application_name: `${LISTENER_NAME} (starting)`,
    });
    this.client = client;
    const mine = ackChannel(this.instance);
    client.on("notification", (message) => {
      if (client !== this.client) return;
      if (message.channel === mine) this.confirmed(message.payload ?? "");
      else if (message.channel === LISTS_CHANNEL) this.deliver(client, message.payload);
    });
    client.on("error", (error) => this.drop(client, error));
    client.on("end", () => this.drop(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${LISTS_CHANNEL}`);
      await client.query(`LISTEN ${mine}`);
      // Writers count sessions by this name: only listening ones may carry it.
      await client.query(`SET application_name = '${LISTENER_NAME}'`);
    } catch (error) {
      this.drop(client, error as Error);
      return;
    }
    if (client !== this.client || this.state !== "connecting") return;
    this.state = "live";
    if (this.attempts > 0) this.log.info("list cache listener reconnected");
    this.attempts = 0;
    // Whatever was cached before may have missed a change while nobody listened.
    this.emit("all");
    this.heartbeatTimer = setInterval(() => this.heartbeat(client), this.heartbeatMs).unref();
  }

  /** Invalidates (in receive), then confirms to the writer when it is another process. */
  private deliver(client: pg.Client, payload: string | undefined) {
    const token = this.receive(payload);
    const writer = token?.split(":")[0];
    if (!writer || writer === this.instance || !/^[0-9a-f]{32}$/.test(writer)) return;
    client.query("select pg_notify($1, $2)", [ackChannel(writer), token]).catch(() => {
      // The connection's own error handler takes care of a broken connection.
    });
  }

  private heartbeat(client: pg.Client) {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("heartbeat timed out")), this.heartbeatMs).unref(),
    );
    Promise.race([client.query("select 1"), timeout]).catch((error: Error) => this.drop(client, error));
  }

  /** The listening connection is gone or suspect: stop trusting it, close it, try again later. */
  private drop(client: pg.Client, error: Error) {
    if (client !== this.client) return;
    this.client = null;
    clearInterval(this.heartbeatTimer);
    client.removeAllListeners("notification");
    client.on("error", () => {});
    client.end().catch(() => {});
    if (this.state === "closed") return;
    const wasLive = this.state === "live";
    this.state = "down";
    this.emit("all");
    this.settleAll(false);
    const delay = Math.min(100 * 2 ** this.attempts, this.maxRetryMs);
    this.attempts++;
    if (wasLive || this.attempts === 1) {
      this.log.warn(
        { err: error, retryInMs: delay },
        "list cache listener lost; reading lists through until it is back",
      );
    }
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}
