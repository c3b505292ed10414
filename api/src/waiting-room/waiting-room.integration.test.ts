import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { family, lineClass, type Person } from "../../test/families.js";
import { classId, useTestApi } from "../../test/harness.js";
import { nowMs, restoreClock, setClock } from "../platform/clock.js";
import { NO_ROOM, PASS_NEEDED } from "./routes.js";

/** The waiting room of a registration opening through the API, on PGlite and PostgreSQL (decision 043). */
const api = useTestApi({
  WAITING_ROOM_LEAD_MINUTES: "15",
  WAITING_ROOM_QUIET_SECONDS: "60",
  // One family a second, and never more: the order of letting in shows pass by pass. The pace
  // follows this process's own load (idle grows it), which a test cannot choose; held at one a
  // second, the only change left is a cut when loaded, and the steps below allow for that.
  WAITING_ROOM_START_RATE: "1",
  WAITING_ROOM_MAX_RATE: "1",
  // Places asked from one address an hour: the test's own, then a script's made-up browsers.
  RATE_LIMIT_PLACES_PER_ADDRESS: "16",
});

let previousClock: number | undefined;
/** Moves the API's clock to `at` (ms) and lets the room make its pass. */
async function at(ms: number) {
  const previous = setClock(new Date(ms));
  previousClock ??= previous;
  await api.app.waitingRoomPass();
}
afterAll(() => {
  if (previousClock !== undefined) restoreClock(previousClock);
});

/** Answers given by the cached lists' front path, before Fastify (decision 036). */
const frontServed = async () => (await api.call({ method: "GET", url: "/health" })).json().frontServed as number;
const browser = (name: string) => `browser-${name}-0123456789`;
const room = async () => (await api.call({ method: "GET", url: "/waiting-room" })).json();
const takePlace = (name: string, as?: Person) =>
  api.call({ method: "POST", url: "/waiting-room/places", payload: { browserId: browser(name) }, ...(as && { as }) });
const where = (ticket: string, as?: Person) =>
  api.call({
    method: "GET",
    url: "/waiting-room/places/mine",
    headers: { "waiting-room-ticket": ticket },
    ...(as && { as }),
  });
const addToCart = (as: Person, classItemId: string, pass?: string) =>
  api.call({
    method: "POST",
    url: "/carts",
    as,
    payload: { classItemId },
    ...(pass && { headers: { "waiting-room-pass": pass } }),
  });

describe("the registration opening's waiting room", () => {
  let opening = 0;
  let opened = "";
  const people: Record<string, Awaited<ReturnType<typeof family>>> = {};
  const tickets = { a: "", b: "", d: "" };
  let listUrl = "";

  it("without an opening near, there is no room: no place is given and booking needs no pass", async () => {
    await api.app.waitingRoomPass();
    expect(await room()).toEqual({ inForce: false, opensAt: null, inLine: 0, letIn: 0, perMinute: 0 });
    expect((await api.call({ method: "GET", url: "/classes?page=2" })).headers["waiting-room"]).toBeUndefined();
    const refused = await takePlace("early");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NO_ROOM);
    const parent = await family(api);
    expect((await addToCart(parent, classId(3))).statusCode).toBe(201);
  });

  it("opens 15 minutes before an opening and gives places by arrival, one per account and per browser", async () => {
    opening = Math.ceil((nowMs() + 10 * 60_000) / 1000) * 1000;
    opened = await lineClass(api, 3, { registrationOpensAt: new Date(opening) });
    for (const name of ["b", "c", "d"]) people[name] = await family(api);
    await api.app.waitingRoomPass();
    expect(await room()).toMatchObject({ inForce: true, opensAt: new Date(opening).toISOString(), inLine: 0 });
    // Every answer says so, for the pages: the class list's too, answered by Fastify or replayed by
    // the front path (decision 036) after the room ended or before it began.
    const list = await api.call({ method: "GET", url: "/classes?page=2" });
    expect(list.headers["waiting-room"]).toBe(new Date(opening).toISOString());
    await api.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = api.app.server.address() as AddressInfo;
    listUrl = `http://127.0.0.1:${port}/classes?page=2`;
    for (let i = 0; i < 2; i += 1)
      expect((await fetch(listUrl)).headers.get("waiting-room")).toBe(new Date(opening).toISOString());
    expect(await frontServed()).toBeGreaterThan(0);

    const first = await takePlace("a");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ state: "waiting", place: 1, ahead: 0, pass: null });
    // Told the wait for the opening, then its turn at one a second.
    expect(first.json().seconds).toBeGreaterThanOrEqual(599);
    expect(first.json().seconds).toBeLessThanOrEqual(602);
    tickets.a = first.json().ticket;
    const second = await takePlace("b", people.b);
    expect(second.json()).toMatchObject({ place: 2, ahead: 1 });
    tickets.b = second.json().ticket;
    // Another tab of the same browser, the same account on another device: the same places.
    expect((await takePlace("a")).json()).toMatchObject({ place: 1, ticket: tickets.a });
    expect((await takePlace("b-phone", people.b)).json()).toMatchObject({ place: 2, ticket: tickets.b });
    // An account signing in on a browser that waited before signing in takes that browser's place.
    expect((await takePlace("a", people.c)).json()).toMatchObject({ place: 1 });
    const third = await takePlace("d", people.d);
    expect(third.json()).toMatchObject({ place: 3, ahead: 2 });
    tickets.d = third.json().ticket;
    // Each process reads the room every half second: now, for this one.
    await api.app.waitingRoomPass();
    expect(await room()).toMatchObject({ inLine: 3, letIn: 0 });

    expect((await where(tickets.d)).json()).toMatchObject({ state: "waiting", place: 3, ahead: 2 });
    const forged = tickets.d.replace(/\.[^.]+$/, ".AAAA");
    expect((await where(forged)).statusCode).toBe(404);
    const badBrowser = await api.call({ method: "POST", url: "/waiting-room/places", payload: { browserId: "x" } });
    expect(badBrowser.statusCode).toBe(400);
  });

  it("lets nobody book without a pass while the room is in force", async () => {
    await at(opening + 100);
    for (const name of ["b", "d"]) {
      const refused = await addToCart(people[name]!, opened);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PASS_NEEDED);
      expect(refused.headers["waiting-room"]).toBe("required");
      const joined = await api.call({
        method: "POST",
        url: `/classes/${opened}/waitlist`,
        as: people[name]!,
        payload: {},
      });
      expect(joined.statusCode).toBe(403);
    }
  });

  it("lets the line in from the opening, in arrival order, at its pace", async () => {
    // The first pass after the opening: 1.5 s at one a second lets in place 1 only.
    await at(opening + 1_500);
    expect(await room()).toMatchObject({ letIn: 1 });
    expect((await where(tickets.a)).json()).toMatchObject({ state: "in", pass: null });
    expect((await where(tickets.b, people.b)).json()).toMatchObject({ state: "waiting", place: 2, ahead: 0 });
    expect((await where(tickets.d, people.d)).json()).toMatchObject({ state: "waiting", ahead: 1 });
    for (let second = 3; second <= 10; second += 1) await at(opening + second * 1_000);
    expect(await room()).toMatchObject({ letIn: 3, inLine: 3 });
  });

  it("gives a pass to the account that holds a place let in, and books with it", async () => {
    const answer = (await where(tickets.b, people.b)).json();
    expect(answer).toMatchObject({ state: "in", ahead: 0, seconds: 0 });
    expect(typeof answer.pass).toBe("string");
    // The window runs from when the family was first told (30 minutes by default).
    const window = Date.parse(answer.passExpiresAt) - nowMs();
    expect(window).toBeGreaterThan(29 * 60_000);
    expect(window).toBeLessThanOrEqual(30 * 60_000);
    expect((await addToCart(people.b!, opened, answer.pass)).statusCode).toBe(201);
    // Asked again, the same window: it is not made longer by asking.
    expect((await where(tickets.b, people.b)).json().passExpiresAt).toBe(answer.passExpiresAt);

    // A pass lets only its own account book; a place is read only by its own account.
    const borrowed = await addToCart(people.d!, opened, answer.pass);
    expect(borrowed.statusCode).toBe(403);
    expect((await where(tickets.a, people.b)).statusCode).toBe(403);
    const own = (await where(tickets.a, people.c)).json();
    expect((await addToCart(people.c!, opened, own.pass)).statusCode).toBe(201);
  });

  it("ends once its line has stayed empty a while after the opening; then booking needs no pass", async () => {
    await at(opening + 30_000);
    expect(await room()).toMatchObject({ inForce: true });
    await at(opening + 61_000);
    expect(await room()).toMatchObject({ inForce: false });
    expect((await addToCart(people.d!, opened)).statusCode).toBe(201);
    expect((await takePlace("late")).statusCode).toBe(409);
    const served = await frontServed();
    expect((await fetch(listUrl)).headers.get("waiting-room")).toBeNull();
    expect(await frontServed()).toBe(served + 1);
  });

  it("stops one address asking for places under made-up browser ids, but not the questions of those in line", async () => {
    const answers = [];
    for (let n = 0; n < 20; n += 1) answers.push(await takePlace(`script-${n}`));
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused, "refused within 20 asks").toBeDefined();
    expect(refused!.json().message).toMatch(/^Too many requests: try again in \d+ (minutes?|hours?)\.$/);
    expect(Number(refused!.headers["retry-after"])).toBeGreaterThan(0);
    // Every ask counted, whatever its answer (here: no room is open now).
    expect(answers.filter((a) => a.statusCode === 409).length).toBeLessThan(16);
    expect((await where(tickets.d)).statusCode).not.toBe(429);
  });
});
