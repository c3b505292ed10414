import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Tx } from "./db.js";

/** The channel every API process LISTENs on for changes to the cached public lists. */
export const LISTS_CHANNEL = "academy_public_lists";
/** The listening sessions of the API processes, once their LISTEN is in place. */
export const LISTENER_NAME = "academy-api list listener";
export const ackChannel = (instance: string) => `academy_list_ack_${instance}`;

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
export abstract class NotificationFeed implements ChangeFeed {
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
