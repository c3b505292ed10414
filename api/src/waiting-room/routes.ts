import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import * as clock from "../platform/clock.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { conflict, forbidden, notFound } from "../platform/errors.js";
import { clientAddress } from "../platform/rate-limits.js";
import { waitFor } from "./pacing.js";
import { admission, BROWSER_ID, passLength, takePlace, type RoomState } from "./room.js";
import type { WaitingRoomConfig } from "../platform/config/waiting-room.js";
import type { Papers } from "./ticket.js";
import type { RoomWatch } from "./watch.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A way to take a seat (adding to the cart, joining a line): while a room is in force, only with a pass. */
    waitingRoom?: true;
    /** A question the waiting room answers from its copy in memory: never refused as very busy. */
    answeredFromMemory?: true;
  }
}

/** The headers a page sends its ticket and its pass in (CORS allows them). */
export const TICKET_HEADER = "waiting-room-ticket";
export const PASS_HEADER = "waiting-room-pass";
/**
 * While a room is in force, on every answer: its opening; on a refusal for want of a pass,
 * "required" (exposed to the page by CORS).
 */
export const ROOM_HEADER = "waiting-room";

export const NO_ROOM = "No waiting room is open now: registration is open to everyone.";
export const PASS_NEEDED =
  "Registration is opening through the waiting room: take your place in line, and the site lets you in when it is your turn.";
const NOT_OURS = "This ticket is not one of ours, or it is for an earlier opening: take a new place in line.";
const SOMEONE_ELSE = "This place in line is held by another account. Sign in with the account that took it.";

const roomAnswer = z
  .object({
    inForce: z.boolean().meta({ description: "Whether families go through the waiting room now" }),
    opensAt: z.iso.datetime().nullable().meta({ description: "The opening the room is for" }),
    inLine: z.number().int().meta({ description: "Places given so far" }),
    letIn: z.number().int().meta({ description: "Places let in so far" }),
    perMinute: z.number().int().meta({ description: "Families let in a minute now" }),
  })
  .meta({ id: "WaitingRoom" });

const placeAnswer = z
  .object({
    state: z.enum(["waiting", "in"]),
    ticket: z
      .string()
      .meta({ description: "The place's signed ticket: send it back as the Waiting-Room-Ticket header" }),
    place: z.number().int().positive(),
    ahead: z.number().int().meta({ description: "Families ahead in line" }),
    seconds: z.number().int().meta({ description: "About how long until this place is let in (0: it is)" }),
    opensAt: z.iso.datetime(),
    pass: z.string().nullable().meta({
      description: "Once in and signed in: the pass to send as the Waiting-Room-Pass header with every request",
    }),
    passExpiresAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "Once in: until when the place lets its holder book (null while waiting)" }),
  })
  .meta({ id: "WaitingRoomPlace" });

const ticketHeader = z.object({
  [TICKET_HEADER]: z.string().max(512).meta({ description: "The ticket POST /waiting-room/places gave" }),
});

export interface WaitingRoomDeps {
  db: Db;
  config: WaitingRoomConfig;
  papers: Papers;
  watch: RoomWatch;
}

/** The room in force, its places, and what a family in line is told (decision 043). */
export const waitingRoomRoutes =
  ({ db, config, papers, watch }: WaitingRoomDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const answerFor = async (request: FastifyRequest, room: RoomState, place: number) => {
      const now = clock.now();
      const ticket = papers.ticket({ opensAt: room.opensAt, place });
      const common = { ticket, place, opensAt: new Date(room.opensAt).toISOString() };
      const waiting = waitFor(place, room, now.getTime());
      if (place > Math.floor(room.admitted)) {
        return { state: "waiting" as const, ...common, ...waiting, pass: null, passExpiresAt: null };
      }
      const actor = await request.optionalActor();
      const verdict = await admission(db, new Date(room.opensAt), place, actor?.id ?? null, now);
      if (verdict.state === "unknown") throw notFound(NOT_OURS);
      if (verdict.state === "someone-else") throw forbidden(SOMEONE_ELSE);
      if (verdict.state === "waiting") {
        return { state: "waiting" as const, ...common, ahead: 0, seconds: 1, pass: null, passExpiresAt: null };
      }
      const expiresAt = verdict.admittedAt.getTime() + passLength(config);
      const pass = actor
        ? papers.pass({
            opensAt: room.opensAt,
            place,
            admittedAt: verdict.admittedAt.getTime(),
            userId: actor.id,
            expiresAt,
          })
        : null;
      return {
        state: "in" as const,
        ...common,
        ahead: 0,
        seconds: 0,
        pass,
        // Said before the family signs in too: its place lets it book until then.
        passExpiresAt: new Date(expiresAt).toISOString(),
      };
    };
    const inForce = () => {
      const room = watch.current();
      if (!room) throw conflict(NO_ROOM);
      return room;
    };

    app.get(
      "/waiting-room",
      {
        config: { answeredFromMemory: true },
        schema: {
          operationId: "getWaitingRoom",
          tags: ["waiting room"],
          summary: "Whether registration goes through a waiting room now, and how fast its line moves (no query)",
          security: [],
          response: { 200: roomAnswer.describe("The room in force, or none") },
        },
      },
      async () => {
        const room = watch.current();
        return {
          inForce: room !== null,
          opensAt: room ? new Date(room.opensAt).toISOString() : null,
          inLine: room?.lastPlace ?? 0,
          letIn: room ? Math.floor(room.admitted) : 0,
          perMinute: room ? Math.round(room.ratePerSecond * 60) : 0,
        };
      },
    );

    app.post(
      "/waiting-room/places",
      {
        // Counted per address, whatever account or browser id: made-up browser ids would each get a place.
        config: {
          rateLimit: {
            ...app.rateLimits.waitingRoomPlacesPerAddress,
            keyGenerator: (request) => `waiting-room-places:${clientAddress(request)}`,
          },
        },
        schema: {
          operationId: "takeWaitingRoomPlace",
          tags: ["waiting room"],
          summary:
            "A place in line by arrival: the one this account or browser already holds, or the next (one per account and per browser)",
          security: [{}, { bearer: [] }],
          body: z.object({
            browserId: z.string().regex(BROWSER_ID, { error: "Not a browser id." }).meta({
              description: "The browser's own random id (16-64 letters, digits, - and _), kept in its storage",
              example: "k3J9x_2mQp7LrT8vYw4Z",
            }),
          }),
          response: {
            200: placeAnswer.describe("The place, and what its holder is told"),
            ...refusals({ 409: "No waiting room is open now", 403: "The place is held by another account" }),
          },
        },
      },
      async (request) => {
        const room = inForce();
        const actor = await request.optionalActor();
        const place = await takePlace(
          db,
          config,
          new Date(room.opensAt),
          { userId: actor?.id ?? null, browserId: request.body.browserId },
          clock.now(),
        );
        if (place === null) throw conflict(NO_ROOM);
        return answerFor(request, watch.current() ?? room, place);
      },
    );

    app.get(
      "/waiting-room/places/mine",
      {
        // From memory while the place waits; the one write, when it is let in, is once per family.
        config: { answeredFromMemory: true },
        schema: {
          operationId: "getWaitingRoomPlace",
          tags: ["waiting room"],
          summary: "Where a ticket's place is in line, and its pass once it is let in (asked every few seconds)",
          security: [{}, { bearer: [] }],
          headers: ticketHeader,
          response: {
            200: placeAnswer.describe("The place, and what its holder is told"),
            ...refusals({
              404: "The ticket is not genuine, or is for another opening",
              409: "No waiting room is open now",
              403: "The place is held by another account",
            }),
          },
        },
      },
      async (request) => {
        const room = inForce();
        const ticket = papers.readTicket(request.headers[TICKET_HEADER]);
        // A genuine ticket names a place given (only those are signed), though this process's copy of
        // the room may be half a second behind the process that gave it.
        if (!ticket || ticket.opensAt !== room.opensAt) throw notFound(NOT_OURS);
        return answerFor(request, room, ticket.place);
      },
    );
  };

/**
 * While a room is in force, a way to take a seat (`config.waitingRoom`) asks a pass for the caller's
 * own account (only families take seats: staff roles have no cart or line of their own, and the
 * pages never send staff to the room). Runs after the access check, before the body is read.
 */
export const waitingRoomGate = fp(
  async (app: FastifyInstance, { papers, watch }: { papers: Papers; watch: RoomWatch }) => {
    app.addHook("onRequest", async (request, reply) => {
      if (!request.routeOptions.config.waitingRoom) return;
      const room = watch.current();
      if (!room) return;
      const actor = await request.requireActor();
      const pass = papers.readPass(headerText(request, PASS_HEADER), clock.nowMs());
      if (!pass || pass.opensAt !== room.opensAt || pass.userId !== actor.id) {
        // Tells the page this 403 is the line's, not the session's: it goes to the room, not to sign-in.
        void reply.header(ROOM_HEADER, "required");
        throw forbidden(PASS_NEEDED);
      }
    });
    // Every answer of Fastify's says the room in force (its opening), so a page learns of it from
    // the calls it makes anyway and sends the family to the room unless it holds a pass for it.
    const said = roomHeader(watch);
    app.addHook("onSend", async (_request, reply) => {
      const room = said();
      if (room && !reply.hasHeader(ROOM_HEADER)) void reply.header(ROOM_HEADER, room);
    });
  },
);

const headerText = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * What admission control never turns away as very busy: a request with a genuine pass that has not
 * expired, and the room's own questions answered from memory (where the line stands, where a place
 * is), so a family waiting in line is never also told the site is too busy to say where it stands.
 */
export const servedFirst = (papers: Papers) => (request: FastifyRequest) =>
  request.routeOptions.config.answeredFromMemory === true ||
  papers.readPass(headerText(request, PASS_HEADER), clock.nowMs()) !== null;

/** The Waiting-Room header of an answer while a room is in force (its opening), else undefined. */
export const roomHeader = (watch: RoomWatch) => () => {
  const room = watch.current();
  return room ? new Date(room.opensAt).toISOString() : undefined;
};
