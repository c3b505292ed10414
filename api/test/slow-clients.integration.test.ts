import net from "node:net";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { classId, useTestApi } from "./harness.js";

/**
 * Clients that send slowly (decision 035): a request whose body is still arriving after
 * ADMISSION_BODY_GRACE_MS gives its place in admission control back until the body has arrived,
 * one client address may have ADMISSION_MAX_PER_ADDRESS requests open at once (bodies still
 * arriving included), and the HTTP server closes a request whose headers or body take longer than
 * their deadline. The limits are the production ones but for the deadlines, short enough for a test. The clients are told apart by X-Forwarded-For, believed from the
 * loopback proxy (TRUST_PROXY), as the rate limits tell them apart.
 */
const REQUEST_TIMEOUT_MS = 4_000;
const HEADERS_TIMEOUT_MS = 2_000;
const PER_ADDRESS = 50;
const BODY_GRACE_MS = 500;
const api = useTestApi({
  ADMISSION_MAX_IN_FLIGHT: "24",
  ADMISSION_MAX_PER_ADDRESS: String(PER_ADDRESS),
  ADMISSION_BODY_GRACE_MS: String(BODY_GRACE_MS),
  HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  TRUST_PROXY: "loopback",
});

const SLOW_CLIENT = "198.51.100.7";
const OTHER_CLIENT = "203.0.113.5";

let port = 0;
beforeAll(async () => {
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  port = (api.app.server.address() as AddressInfo).port;
});

interface RawRequest {
  socket: net.Socket;
  /** Everything the server sent back. */
  received: () => string;
  /** Settles when the server (or the test) closed the connection. */
  closed: Promise<void>;
}

/** Opens a connection and writes `head` (and nothing more): the rest never comes. */
function rawRequest(head: string): Promise<RawRequest> {
  return new Promise((resolve, reject) => {
    let received = "";
    let onClose = () => {};
    const closed = new Promise<void>((r) => (onClose = r));
    const socket = net.connect({ port, host: "127.0.0.1" }, () => {
      socket.write(head, () => resolve({ socket, received: () => received, closed }));
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", () => {});
    socket.on("close", onClose);
    socket.once("error", reject);
  });
}

/** The headers of a webhook delivery announcing 100 kB, and its first byte. */
const slowWebhook = (address: string) =>
  rawRequest(
    "POST /webhooks/stripe HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\n" +
      `Content-Length: 100000\r\nX-Forwarded-For: ${address}\r\n\r\n{`,
  );

const get = async (path: string, address: string) => {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { "X-Forwarded-For": address } });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: await res.text(),
    ms: performance.now() - started,
  };
};

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(await check()).toBe(true);
};
describe("slow bodies", () => {
  it("50 bodies that never finish hold no place past the grace: another client is served within a second, and each is closed at its deadline", async () => {
    const opened = Date.now();
    const slow = await Promise.all(Array.from({ length: PER_ADDRESS }, () => slowWebhook(SLOW_CLIENT)));
    // The places are the process's (24, half of them for reads): those past them are refused at
    // once and closed; the others give their place back once their body is late.
    const refusedAtOnce = () => slow.filter((s) => s.received().startsWith("HTTP/1.1 503 ")).length;
    await waitFor(
      () => api.app.admission().inFlight === 0 && api.app.admission().slowBodies + refusedAtOnce() === PER_ADDRESS,
    );
    expect(Date.now() - opened).toBeLessThan(BODY_GRACE_MS + 1_000);

    // Another client reads the list (the normal route the first time, the front path next) and a class.
    for (const path of ["/classes", "/classes", `/classes/${classId(1)}`]) {
      const answer = await get(path, OTHER_CLIENT);
      expect(answer.status, `${path}: ${answer.body}`).toBe(200);
      expect(answer.ms).toBeLessThan(1_000);
    }

    // The deadline of a request: each slow body still open gets its 408 and its connection closed.
    await Promise.all(slow.map((s) => s.closed));
    expect(Date.now() - opened).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    for (const s of slow) expect(s.received()).toMatch(/^(HTTP\/1\.1 (408|503) |$)/);
    expect(slow.filter((s) => s.received().startsWith("HTTP/1.1 408 ")).length).toBeGreaterThan(0);
    await waitFor(() => api.app.admission().open === 0 && api.app.admission().slowBodies === 0);
  }, 20_000);

  it("refuses the 51st request open from one address with 429 in the API's words, while another address is served", async () => {
    const slow: RawRequest[] = [];
    // In waves the places can take (changes may fill all 24), each waiting out the grace.
    while (slow.length < PER_ADDRESS) {
      const wave = Math.min(20, PER_ADDRESS - slow.length);
      slow.push(...(await Promise.all(Array.from({ length: wave }, () => slowWebhook(SLOW_CLIENT)))));
      await waitFor(() => api.app.admission().slowBodies === slow.length);
    }
    expect(api.app.admission()).toMatchObject({ inFlight: 0, open: PER_ADDRESS, addresses: 1 });

    const refused = await get(`/classes/${classId(2)}`, SLOW_CLIENT);
    expect(refused.status, refused.body).toBe(429);
    expect(refused.headers["retry-after"]).toBe("2");
    expect(JSON.parse(refused.body)).toEqual({
      error: "Too Many Requests",
      message: "Too many requests from your network at once. Please try again in 2 seconds: nothing was changed.",
    });
    expect(api.app.admission().refusedPerAddress).toBe(1);
    const served = await get(`/classes/${classId(2)}`, OTHER_CLIENT);
    expect(served.status, served.body).toBe(200);

    // Once its requests end, the address is served again.
    for (const s of slow) s.socket.destroy();
    await waitFor(() => api.app.admission().open === 0);
    expect((await get(`/classes/${classId(2)}`, SLOW_CLIENT)).status).toBe(200);
  }, 20_000);

  it("closes a connection whose headers never finish at the headers' deadline", async () => {
    const opened = Date.now();
    const slow = await rawRequest("GET /classes HTTP/1.1\r\nHost: api.test\r\nX-Slow: ");
    await slow.closed;
    const took = Date.now() - opened;
    expect(took).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(slow.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
  }, 10_000);
});
