import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ackChannel, LISTENER_NAME, LISTS_CHANNEL, NotificationFeed } from "./change-feed.js";
import type { Tx } from "./db.js";

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
