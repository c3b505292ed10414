import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { admissionPlugin, READ_SHARE } from "./admission.js";
import { registerErrorHandling } from "./errors.js";

/**
 * The admission plugin alone on a small app whose routes answer when the test says so: reads may
 * fill only their share of the places, changes the rest, and either is refused at the limit.
 */
describe("admission control's places for reads and changes", () => {
  let app: FastifyInstance;
  const waiting: (() => void)[] = [];
  const held = () => new Promise<void>((resolve) => waiting.push(resolve));

  async function start(maxInFlight: number) {
    app = Fastify();
    registerErrorHandling(app);
    await app.register(admissionPlugin, {
      maxInFlight,
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      bodyGraceMs: 500,
      maxPerAddress: 0,
      retryAfterSeconds: 2,
    });
    app.get("/look", async () => {
      await held();
      return { ok: true };
    });
    app.post("/change", async () => {
      await held();
      return { ok: true };
    });
    await app.ready();
  }
  afterEach(async () => {
    for (const release of waiting.splice(0)) release();
    await app.close();
  });

  const send = (method: "GET" | "POST", url: string) =>
    app.inject({ method, url, payload: method === "POST" ? {} : undefined });
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it("refuses a read past its share while changes still get in, and anything at the limit", async () => {
    await start(4);
    expect(READ_SHARE * 4).toBe(2);
    const looks = [send("GET", "/look"), send("GET", "/look")];
    await settle();
    expect(app.admission()).toMatchObject({ inFlight: 2, busy: true });
    expect((await send("GET", "/look")).statusCode).toBe(503);
    const changes = [send("POST", "/change"), send("POST", "/change")];
    await settle();
    expect(app.admission().inFlight).toBe(4);
    const refused = await send("POST", "/change");
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("2");
    expect(JSON.parse(refused.body).message).toMatch(/very busy/);

    for (const release of waiting.splice(0)) release();
    expect((await Promise.all([...looks, ...changes])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(app.admission()).toMatchObject({ inFlight: 0, busy: false, refused: 2 });
  });

  it("changes in flight count against the reads' share: a read waits, a change still gets in", async () => {
    await start(4);
    const changes = [send("POST", "/change"), send("POST", "/change")];
    await settle();
    expect(app.admission().busy).toBe(true);
    expect((await send("GET", "/look")).statusCode).toBe(503);
    const third = send("POST", "/change");
    await settle();
    expect(app.admission().inFlight).toBe(3);
    for (const release of waiting.splice(0)) release();
    expect((await Promise.all([...changes, third])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(app.admission()).toMatchObject({ inFlight: 0, busy: false, refused: 1 });
  });
});
