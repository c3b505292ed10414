import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import {
  matches,
  type CachedList,
  type Encoding,
  type PublicCache,
  type ReplyLearner,
  type SendOptions,
} from "./public-cache.js";

interface FrontRoute {
  name: CachedList["name"];
  key: string;
  visitorsOnly: boolean;
}

/** URLs remembered (past that the oldest is forgotten), and shapes of request per copy. */
const MAX_URLS = 1_000;
const MAX_SHAPES = 32;

/**
 * A request's shape: what its answer from one copy depends on (everything else the route and the
 * plugins read of a GET without a body is the URL, or, for the whole class list, the absence of
 * Authorization). Accept-Encoding as sent, not the coding it picks: the answer is then exactly the
 * one the same header got (browsers send a handful of distinct values).
 */
const shapeOf = (notModified: boolean, acceptEncoding: string | undefined, origin: string | undefined) =>
  `${notModified ? "304" : "200"}\n${acceptEncoding ?? ""}\n${origin ?? ""}`;

export interface FrontPathOptions {
  /** The Date header's text (the API's clock). */
  date: () => string;
  /**
   * The Waiting-Room header's text while a registration opening's room is in force, else
   * undefined (waiting-room, decision 043): like Date, said at each answer, never learnt.
   */
  room?: () => string | undefined;
  log: FastifyBaseLogger;
}

/**
 * The front path of the cached public lists (decision 036). Every visit reads GET /classes (and
 * GET /instructors); once a copy of a list is in memory, answering it through Fastify's request
 * cycle (routing, the request's logger, CORS, admission, the access check, the security headers,
 * compression's checks, the Date hook, the access log) cost more than the list itself. So the
 * normal route answers a copy once per shape of request, and this path replays that answer to the
 * next requests of the same shape, from the HTTP server's request handler before Fastify:
 *
 * - only GET, only a URL the route has already answered from the cache (byte for byte the same
 *   path and query: the query was validated then, and the same query always names the same copy),
 *   and for the whole class list only without an Authorization header (an admin gets every class);
 * - only while the cache trusts its memory (its change feed is live) and holds the copy;
 * - the answer (status, every header but Date, body) is the one the normal route sent for the same
 *   copy, Accept-Encoding (as sent), 304 or not (If-None-Match) and Origin (CORS): learned from the
 *   response itself, so the headers cannot drift from the plugins'. A copy keeps at most MAX_SHAPES
 *   of them (a client sending a new Origin each time takes the normal way);
 * - Date is the API's clock, as on every answer;
 * - served even while admission control refuses reads: a replayed answer is sent within the
 *   request's own tick (it never adds to the requests in flight, nor waits for the database) and
 *   costs less than the refusal would; a shape not learned yet takes the normal way, refused there
 *   while the process is busy;
 * - the access log: one line per request at info, "request completed" with the request (method,
 *   URL, host, address) and the response (status) together, `front: true`; nothing when the level
 *   is above info, as Fastify's own request logs.
 *
 * Anything else (another method or URL, a body, a copy not loaded or reloaded after a change, a
 * shape not seen yet for this copy, the API closing) goes through Fastify as before.
 */
export class FrontPath implements ReplyLearner {
  private readonly routes = new Map<string, FrontRoute>();
  private closing = false;
  private nextId = 0;
  /** Requests answered here. */
  served = 0;

  constructor(
    private readonly cache: PublicCache,
    private readonly options: FrontPathOptions,
  ) {
    cache.front = this;
  }

  /** From now on every request takes the normal way (Fastify answers 503 while it closes). */
  close(): void {
    this.closing = true;
  }

  /**
   * Called by sendCached for a request the normal route answers from a copy: remembers its URL
   * and, for a shape of request not seen yet for this copy, the answer once it is sent.
   */
  learn(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedList,
    encoding: Encoding | null,
    notModified: boolean,
    { visitorsOnly = false }: SendOptions,
  ): void {
    const headers = request.headers;
    if (request.method !== "GET" || (visitorsOnly && headers.authorization !== undefined)) return;
    const url = request.raw.url ?? "";
    if (!this.routes.has(url)) {
      if (this.routes.size >= MAX_URLS) this.routes.delete(this.routes.keys().next().value!);
      this.routes.set(url, { name: entry.name, key: entry.key, visitorsOnly });
    }
    const replies = (entry.replies ??= new Map());
    const shape = shapeOf(notModified, headers["accept-encoding"], headers.origin);
    if (replies.has(shape) || replies.size >= MAX_SHAPES) return;
    const status = notModified ? 304 : 200;
    reply.raw.once("finish", () => {
      if (reply.statusCode !== status || replies.has(shape) || replies.size >= MAX_SHAPES) return;
      const body = notModified ? undefined : encoding ? entry.ready?.[encoding] : entry.bytes;
      // Only an answer whose body is the copy's bytes as chosen here (no hook re-encoded it).
      if (!notModified) {
        if (!body || reply.getHeader("content-length") !== String(body.length)) return;
        if (reply.getHeader("content-encoding") !== (encoding ?? undefined)) return;
      }
      const sent: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (name !== "date" && name !== "waiting-room" && value !== undefined) sent[name] = value;
      }
      replies.set(shape, { status, headers: sent, body });
    });
  }

  /** Answers the request if it has the shape of an answer learned for a copy in memory; else false. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" || this.closing) return false;
    const route = this.routes.get(req.url ?? "");
    if (!route) return false;
    const headers = req.headers;
    if (route.visitorsOnly && headers.authorization !== undefined) return false;
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
    const entry = this.cache.peek(route.name, route.key);
    const replies = entry?.replies;
    if (!entry || !replies) return false;
    const notModified = matches(headers["if-none-match"], entry.etag);
    const learned = replies.get(shapeOf(notModified, headers["accept-encoding"], headers.origin));
    if (!learned) return false;
    // The log line's request, read before the answer (a client may close the socket at once).
    const logged = this.logsRequests() ? this.requestLog(req) : undefined;
    // One object per answer, written at once by writeHead: only Date changes between requests.
    learned.headers.date = this.options.date();
    const room = this.options.room?.();
    if (room) learned.headers["waiting-room"] = room;
    else delete learned.headers["waiting-room"];
    res.writeHead(learned.status, learned.headers);
    res.end(learned.body);
    this.served += 1;
    if (logged) {
      this.options.log.info(
        { ...logged.line, res: { statusCode: learned.status }, responseTime: performance.now() - logged.started },
        "request completed",
      );
    }
    return true;
  }

  /** Whether the log takes info lines (pino's check; a logger without it, such as Fastify's silent one, is asked). */
  private logsRequests(): boolean {
    const log = this.options.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return log.isLevelEnabled ? log.isLevelEnabled("info") : true;
  }

  private requestLog(req: IncomingMessage) {
    const started = performance.now();
    const forwardedFor = req.headers["x-forwarded-for"];
    // `req` in the shape Fastify's log serializer reads (its request: the address as `ip`).
    const line = {
      reqId: `front-${(this.nextId++).toString(36)}`,
      front: true,
      req: {
        method: req.method,
        url: req.url,
        host: req.headers.host,
        ip: req.socket.remoteAddress,
        socket: req.socket,
        headers: req.headers,
      },
      ...(forwardedFor !== undefined && { forwardedFor }),
    };
    return { started, line };
  }
}

/**
 * Puts `front` before Fastify on its HTTP server: each request is offered to it first, and what it
 * does not answer goes to Fastify's own handler. Fastify made the server (its timeouts, its
 * bindings), passing its handler as the server's one "request" listener; that listener is moved
 * behind. `front` is read per request, so the app can set it once its cache exists. (Fastify's
 * `serverFactory` would do the same at construction but binds only one address for a host name
 * such as localhost.) Requests injected in tests (app.inject) go to Fastify directly.
 */
export function putInFront(server: Server, front: () => FrontPath | undefined): void {
  const listeners = server.listeners("request");
  const [handler] = listeners;
  if (listeners.length !== 1 || !handler) throw new Error("expected Fastify's one request listener on its server");
  const fastify = handler as (req: IncomingMessage, res: ServerResponse) => void;
  server.removeListener("request", fastify);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!front()?.answer(req, res)) fastify(req, res);
  });
}
