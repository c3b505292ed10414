import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../src/platform/config.js";
import { anchoredClock, clockEnv, now, nowMs, parseClock, restoreClock, setClock } from "../src/platform/clock.js";
import { followClockFile } from "../src/platform/clock-file.js";
import { seedClassDates } from "../src/seed/index.js";
import { campOpening, inSeedSummer, MIN_LEAD_DAYS, seedSummer, TEMPLATE_SUMMER } from "../src/seed/index.js";
import { ADMIN, classId, LEE, SAM, useClock, useTestApi } from "./harness.js";

/**
 * The API judges time by one clock (api/src/platform/clock.ts) and seeds the next summer still ahead of it
 * (seed-calendar.ts), so the suite means the same on any day (decision 027). The whole suite also
 * runs on a moved clock: `API_CLOCK=2027-07-01T09:00:00Z pnpm --filter api test`.
 */

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const weekday = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).getUTCDay();
const SEED_CLASSES = Array.from({ length: 15 }, (_, i) => i + 1);
const STARTED = "This class has already started: it can no longer be booked.";

/** What the clock module reads in a process of its own started with `env`: its offset, and the API_CLOCK it hands on. */
async function clockOfProcess(env: Record<string, string>) {
  const script = [
    'const { clockEnv, nowMs } = await import("./src/platform/clock.ts");',
    "const realMs = Date.now();",
    "console.log(JSON.stringify({ realMs, offsetMs: nowMs() - realMs, handedOn: clockEnv().API_CLOCK }));",
  ].join("\n");
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: path.resolve(import.meta.dirname, ".."),
    // A local process, as the test suite's: the movable clock is honoured only with the development defaults.
    env: { PATH: process.env.PATH, ACADEMY_DEV_DEFAULTS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code, err).toBe(0);
  return JSON.parse(out.trim().split("\n").at(-1)!) as { realMs: number; offsetMs: number; handedOn?: string };
}

describe("API_CLOCK_FILE", () => {
  it("moves the clock when a test writes the file, and leaves it when the file is missing or unchanged", async () => {
    const file = path.join(tmpdir(), `academy-clock-${randomBytes(6).toString("hex")}`);
    const before = setClock(undefined);
    const stop = followClockFile(file, 20);
    try {
      expect(Math.abs(nowMs() - Date.now())).toBeLessThan(50);
      const ahead = 3 * 3_600_000;
      writeFileSync(file, anchoredClock(ahead).API_CLOCK);
      await expect.poll(() => nowMs() - Date.now(), { timeout: 2_000 }).toBeGreaterThan(ahead - 1_000);
      expect(nowMs() - Date.now()).toBeLessThan(ahead + 1_000);
      rmSync(file);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(nowMs() - Date.now()).toBeGreaterThan(ahead - 1_000);
    } finally {
      stop();
      rmSync(file, { force: true });
      restoreClock(before);
    }
  });
});

describe("API_CLOCK", () => {
  const real = Date.parse("2026-11-25T10:00:00Z");

  it("is a day or an instant with its zone, from which the clock moves on in real time", () => {
    expect(parseClock("2031-03-01", real)).toBe(Date.parse("2031-03-01T00:00:00Z") - real);
    expect(parseClock("2027-07-01T09:00:00Z", real)).toBe(Date.parse("2027-07-01T09:00:00Z") - real);
    expect(parseClock("2027-07-01T11:00:00+02:00", real)).toBe(Date.parse("2027-07-01T09:00:00Z") - real);
    // Anchored to the real instant it stood there: the same offset whenever it is read.
    const anchored = "2027-07-01T09:00:00Z@2026-11-25T09:00:00Z";
    expect(parseClock(anchored, real)).toBe(parseClock(anchored, real + 3_600_000));
    expect(parseClock(anchored)).toBe(Date.parse("2027-07-01T09:00:00Z") - Date.parse("2026-11-25T09:00:00Z"));
  });

  it("refuses what is not an instant (a typo must not run the suite on the real clock)", () => {
    for (const bad of ["tomorrow", "2031-02-30", "2031-3-1", "2027-07-01T09:00:00", "2031-03-01@", "2031-03-01@x@y"]) {
      expect(() => parseClock(bad, real), bad).toThrow(/API_CLOCK must be a day/);
      expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", API_CLOCK: bad }), bad).toThrow(/API_CLOCK/);
    }
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", API_CLOCK: "2031-03-01" })).not.toThrow();
  });

  it("is refused in production, by the configuration and by the server process", async () => {
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: randomBytes(24).toString("hex"),
      FIREBASE_PROJECT_ID: "academy-prod",
      STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString("hex")}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString("hex")}`,
      CAMPER_DATA_KEY: randomBytes(32).toString("hex"),
      SMTP_URL: "smtps://mail.academy.test:465",
    };
    expect(() => readConfig(production)).not.toThrow();
    expect(() => readConfig({ ...production, API_CLOCK: "2031-03-01" })).toThrow(
      /API_CLOCK must not be set in production/,
    );

    const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        PATH: process.env.PATH,
        ...production,
        API_CLOCK: "2031-03-01",
        PORT: "0",
        DATA_DIR: path.join(tmpdir(), `academy-clock-test-${randomBytes(6).toString("hex")}`),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that starts anyway is stopped after a while (and the test fails); compiling the
    // server with tsx takes much of that on a busy machine.
    const started = setTimeout(() => child.kill("SIGKILL"), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    clearTimeout(started);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/API_CLOCK must not be set in production/);
  }, 60_000);

  it("given to the suite, is every test file's clock, anchored to the run's start", async () => {
    // As global-setup.ts does with the API_CLOCK the suite was given: a process reads it and hands
    // on its anchored form (clockEnv), and a process started later with that stands exactly there.
    const setup = await clockOfProcess({ API_CLOCK: "2031-03-01" });
    expect(setup.handedOn).toMatch(/^2031-03-01T00:00:0\d\.\d{3}Z@\d{4}-\d{2}-\d{2}T/);
    expect(Math.abs(setup.offsetMs - (Date.parse("2031-03-01T00:00:00Z") - setup.realMs))).toBeLessThan(10_000);
    const testFile = await clockOfProcess({ API_CLOCK: setup.handedOn! });
    expect(Math.abs(testFile.offsetMs - setup.offsetMs)).toBeLessThanOrEqual(2);
    expect(Math.abs(testFile.offsetMs - parseClock(setup.handedOn!))).toBeLessThanOrEqual(2);
  }, 60_000);

  it("is handed to another process exactly (clockEnv), so two processes agree on when a hold runs out", () => {
    const previous = setClock("2027-07-01T09:00:00Z");
    try {
      const { API_CLOCK } = clockEnv();
      expect(API_CLOCK).toMatch(/^2027-07-01T09:00:00\.\d{3}Z@/);
      const offset = nowMs() - Date.now();
      expect(Math.abs(parseClock(API_CLOCK!) - offset)).toBeLessThanOrEqual(1);
      setClock(undefined);
      expect(clockEnv()).toEqual({});
      expect(Math.abs(nowMs() - Date.now())).toBeLessThanOrEqual(1);
    } finally {
      restoreClock(previous);
    }
  });
});

describe("the seeded summer", () => {
  it("opens on the second Monday of June", () => {
    expect(campOpening(TEMPLATE_SUMMER)).toBe("2027-06-14");
    for (let year = 2026; year <= 2040; year++) {
      const opening = campOpening(year);
      expect(weekday(opening), opening).toBe(1);
      expect(opening >= `${year}-06-08` && opening <= `${year}-06-14`, opening).toBe(true);
    }
  });

  it("is the next summer still eight weeks ahead: 2027 in November 2026, 2028 from July 2027, 2031 in March 2031", () => {
    expect(seedSummer(new Date("2026-11-25T10:00:00Z"))).toBe(2027);
    expect(seedClassDates(1, new Date("2026-11-25T10:00:00Z"))).toEqual({
      startDate: "2027-07-05",
      endDate: "2027-07-16",
    });
    expect(seedSummer(new Date("2027-07-01T09:00:00Z"))).toBe(2028);
    expect(seedClassDates(1, new Date("2027-07-01T09:00:00Z"))).toEqual({
      startDate: "2028-07-03",
      endDate: "2028-07-14",
    });
    expect(seedSummer(new Date("2031-03-01T00:00:00Z"))).toBe(2031);
    expect(inSeedSummer("2027-06-14", new Date("2031-03-01T00:00:00Z"))).toBe(campOpening(2031));
  });

  it("on every day of ten years, every seeded class is still ahead of the clock, in June to August, on its weekdays", () => {
    const problems: string[] = [];
    const template = SEED_CLASSES.map((n) => seedClassDates(n, new Date("2026-11-25T00:00:00Z")));
    for (let t = Date.parse("2026-01-01T12:00:00Z"); t < Date.parse("2036-01-01T00:00:00Z"); t += DAY_MS) {
      const today = new Date(t);
      const summer = seedSummer(today);
      for (const n of SEED_CLASSES) {
        const { startDate, endDate } = seedClassDates(n, today);
        const { startDate: templateStart, endDate: templateEnd } = template[n - 1]!;
        if (startDate < day(t + MIN_LEAD_DAYS * DAY_MS)) problems.push(`${day(t)}: class ${n} starts ${startDate}`);
        if (startDate < `${summer}-06-01` || endDate > `${summer}-08-31`) {
          problems.push(`${day(t)}: class ${n} runs ${startDate} to ${endDate}, outside summer ${summer}`);
        }
        if (weekday(startDate) !== weekday(templateStart) || weekday(endDate) !== weekday(templateEnd)) {
          problems.push(`${day(t)}: class ${n} moved off its weekdays (${startDate} to ${endDate})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("with the clock at 1 July 2027, when the template summer's first classes have started", () => {
  useClock("2027-07-01T09:00:00Z");
  const api = useTestApi();

  it("the seed books summer 2028: every seeded class is ahead of the clock", async () => {
    expect(now().toISOString().slice(0, 10)).toBe("2027-07-01");
    const classes = (await api.call({ method: "GET", url: "/admin/classes?size=100", as: ADMIN })).json().items as {
      _id: string;
      start_date: string;
    }[];
    expect(classes).toHaveLength(15);
    for (const c of classes) expect(c.start_date > "2028-06-01", `${c._id} ${c.start_date}`).toBe(true);
    expect((await api.call({ method: "GET", url: `/classes/${classId(1)}` })).json().start_date).toBe("2028-07-03");
  });

  it("a seeded class can be put in the cart and checked out; its seat hold runs out by the clock", async () => {
    // Track & Field Sprints: 14 June in the template summer, the first class to start.
    const added = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: classId(6) } });
    expect(added.statusCode, added.body).toBe(201);
    const opened = await api.call({ method: "POST", url: "/create-payment-intent", as: SAM, payload: {} });
    expect(opened.statusCode, opened.body).toBe(201);
    const { orderId, expiresAt, clientSecret } = opened.json() as {
      orderId: string;
      expiresAt: string;
      clientSecret: string;
    };
    expect(clientSecret).toEqual(expect.any(String));
    // The hold (15 minutes) ends on the API's clock, in July 2027, not on this machine's date.
    expect(Math.abs(Date.parse(expiresAt) - (nowMs() + 15 * 60_000))).toBeLessThan(60_000);
    const extend = () => api.call({ method: "POST", url: `/checkouts/${orderId}/extend`, as: SAM });
    expect((await extend()).statusCode).toBe(200);
    const previous = setClock(new Date(nowMs() + 16 * 60_000));
    try {
      const late = await extend();
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/ran out/);
    } finally {
      restoreClock(previous);
    }
  });

  it("a class is refused from the day after its first day on the clock, at checkout and in the cart", async () => {
    const { startDate } = seedClassDates(1, now());
    const added = await api.call({ method: "POST", url: "/carts", as: LEE, payload: { classItemId: classId(1) } });
    expect(added.statusCode, added.body).toBe(201);
    // Days are the academy's (Portland; summer is UTC-7): 23:00 there is already the next day in UTC.
    const previous = setClock(`${startDate}T23:00:00-07:00`);
    try {
      // Its first day: still open.
      const open = await api.call({ method: "POST", url: "/create-payment-intent", as: LEE, payload: {} });
      expect(open.statusCode, open.body).toBe(201);
      setClock(new Date(Date.parse(`${startDate}T00:00:00-07:00`) + DAY_MS + 60_000));
      const refused = await api.call({ method: "POST", url: "/create-payment-intent", as: LEE, payload: {} });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(STARTED);
      const again = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: classId(1) } });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(STARTED);
    } finally {
      restoreClock(previous);
    }
  });
});
