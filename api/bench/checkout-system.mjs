// A checkout system for the checkout benchmark and the fault script: a scratch PostgreSQL
// database, the payment sandbox (in this process, or on a thread of its own; every intent it made is counted), API
// processes kept running by the same supervisor as `npm start`, relays in front of the sandbox and
// of the webhook target (to take them down), students with access tokens, and the invariants.
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { openSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { confirmCard } from "../../tools/card-payment.mjs";
import { LOCAL_WEBHOOK_SECRET } from "../../tools/payment-sandbox.mjs";
import { superviseApi } from "../../tools/system.mjs";
import { SEAT_COUNTS_SELECT, seatProblems } from "../dist/waitlist/index.js";
import { startTcpRelay } from "../../tools/tcp-relay.mjs";
import { applyChange, BENCH_SECRET_KEY, startProviders } from "./providers.mjs";

const here = import.meta.dirname;
const JWT_SECRET = randomUUID() + randomUUID();

const b64 = (value) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** An API access token, as POST /jwt signs it. */
function accessToken(student) {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: student.id, email: student.email, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac("sha256", JWT_SECRET).update(unsigned).digest("base64url")}`;
}

/** The same on a thread of its own (providers-worker.mjs): only their addresses, and the intents' changes as messages. */
async function startProvidersApart(webhookUrl, identity, intents) {
  const worker = new Worker(path.join(here, "providers-worker.mjs"), { workerData: { webhookUrl, identity } });
  const ready = new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the providers' thread stopped (${code})`)));
    worker.on("message", (message) => {
      if (message.ready) resolve(message.ready);
      applyChange(intents, message);
    });
  });
  const stop = async () => {
    const stopped = new Promise((resolve) => worker.on("message", (m) => m.stopped && resolve()));
    worker.postMessage("stop");
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await worker.terminate();
  };
  try {
    const at = await ready;
    return {
      sandbox: { url: at.sandboxUrl },
      providerRelay: { url: at.providerRelayUrl },
      identityRelay: { port: at.identityRelayPort },
      mail: { smtpUrl: at.smtpUrl },
      stop,
    };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}

export async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `providersApart`: the payment sandbox, the identity relay and the mail catcher run on a thread of
 * their own (providers-worker.mjs), out of the way of a load script's own requests; the sandbox
 * and the relays can then not be taken down (the fault script keeps them here).
 * @param {{ apis?: number, basePort?: number, env?: Record<string, string>, providersApart?: boolean }} options
 */
export async function startCheckoutSystem({ apis = 2, basePort = 4980, env = {}, providersApart = false } = {}) {
  const adminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const dbName = `academy_checkout_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  };
  try {
    const ports = Array.from({ length: apis }, (_, i) => basePort + i);
    // Webhooks go to the first API through a relay (the webhook target can be taken down).
    const webhookRelay = await startTcpRelay({ host: "127.0.0.1", port: ports[0] });
    stops.push(webhookRelay.close);
    // Every intent the provider made, with its latest state and whether it was refunded.
    const intents = new Map();
    const webhookUrl = `${webhookRelay.url}/webhooks/stripe`;
    const [identityHost, identityPort] = (process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099").split(":");
    const identity = { host: identityHost, port: Number(identityPort) };
    const outside = providersApart
      ? await startProvidersApart(webhookUrl, identity, intents)
      : await startProviders(webhookUrl, identity, (change) => applyChange(intents, change));
    stops.push(outside.stop);
    const { sandbox, providerRelay, identityRelay, mail } = outside;
    const apiEnv = (port) => ({
      ...process.env,
      // A bench on the local sandboxes: the API's development defaults (config/mode.ts).
      ACADEMY_DEV_DEFAULTS: "1",
      DATABASE_URL: dbUrl.href,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: process.env.BENCH_API_LOG ? "info" : "fatal",
      JWT_SECRET,
      STRIPE_SECRET_KEY: BENCH_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
      STRIPE_API_URL: providerRelay.url,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${identityRelay.port}`,
      RATE_LIMIT_SENSITIVE: "1000000",
      SMTP_URL: mail.smtpUrl,
      ...env,
    });
    // BENCH_CPU_PROF=<folder>: each API process writes a V8 CPU profile there when it stops
    // (read with `node bench/profile-summary.mjs <folder>` or Chrome's DevTools).
    const profileArgs = process.env.BENCH_CPU_PROF
      ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
      : [];
    const processes = [];
    for (const port of ports) {
      const supervised = superviseApi(() =>
        spawn(process.execPath, [...profileArgs, path.join(here, "../dist/server.js")], {
          cwd: path.join(here, ".."),
          env: apiEnv(port),
          // BENCH_API_LOG=<folder>: each process's log (level info: every request with its
          // responseTime) goes to a file there, to tell the server's time from the client's.
          stdio: process.env.BENCH_API_LOG
            ? ["ignore", openSync(path.join(process.env.BENCH_API_LOG, `api-${port}.log`), "a"), "ignore"]
            : ["ignore", "ignore", "ignore"],
        }),
      );
      stops.push(supervised.stop);
      processes.push({ port, url: `http://127.0.0.1:${port}`, ...supervised });
      // One after the other: the first migrates and seeds the database.
      await waitFor(`http://127.0.0.1:${port}/health/ready`, 60_000);
    }
    const pool = new pg.Pool({ connectionString: dbUrl.href, max: 4 });
    stops.push(() => pool.end());

    /** Students of their own (the seeded ones are kept out of the figures), with confirmed addresses (they pay). */
    async function addStudents(n) {
      const students = Array.from({ length: n }, (_, i) => {
        const id = randomUUID();
        return { id, email: `load-${i}-${id.slice(0, 8)}@example.com`, name: `Load Student ${i}` };
      });
      await pool.query(
        "insert into users (id, email, name, role, email_verified) select *, true from unnest($1::uuid[], $2::text[], $3::text[], $4::text[])",
        [
          students.map((s) => s.id),
          students.map((s) => s.email),
          students.map((s) => s.name),
          students.map(() => "student"),
        ],
      );
      // Each has given their own phone and address, as a family does before its first booking.
      await pool.query(
        `insert into guardians (family_id, position, name, relation, phone, address_line1, city, postal_code)
         select id, 1, name, 'parent', '+1 555 0100', '1 Bench Street', 'Springfield', '62701'
         from unnest($1::uuid[], $2::text[]) as s(id, name)`,
        [students.map((s) => s.id), students.map((s) => s.name)],
      );
      return students.map((s) => ({ ...s, token: accessToken(s) }));
    }

    /** A class of `seats` seats (a copy of a seeded approved one), for the load to race for. */
    async function addClass(seats) {
      const id = randomUUID();
      await pool.query(
        `insert into classes (id, name, image, instructor_id, available_seats, enrolled_seats, held_seats, price_cents, details, status,
           sport, start_date, end_date, weekdays, start_time, end_time, age_min, age_max, level, location)
         select $1::uuid, 'Load ' || left($1::text, 8), image, instructor_id, $2::int, 0, 0, price_cents, details, 'approved',
           sport, start_date, end_date, weekdays, start_time, end_time, age_min, age_max, level, location
         from classes where status = 'approved' and start_date > now() order by id limit 1`,
        [id, seats],
      );
      return id;
    }

    return {
      processes,
      sandbox,
      intents,
      providerRelay,
      webhookRelay,
      identityRelay,
      pool,
      dbName,
      addStudents,
      addClass,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * POST /jwt with an emulator-shaped (unsigned) Firebase ID token: the API asks the identity
 * provider about the account. Resolves to the status: 503 when the provider cannot be reached.
 */
export async function signIn(base, student) {
  const now = Math.floor(Date.now() / 1000);
  const projectId = process.env.FIREBASE_PROJECT_ID ?? "demo-academy";
  const idToken = `${b64({ alg: "none", typ: "JWT" })}.${b64({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: student.id.replaceAll("-", ""),
    user_id: student.id.replaceAll("-", ""),
    email: student.email,
  })}.`;
  return (await call(base, "POST", "/jwt", { token: idToken }, { email: student.email })).status;
}

/**
 * One HTTP call: status, JSON body (if any), Retry-After and Waiting-Room (if any) and how long it
 * took. A student holding a waiting-room pass sends it, as the site does; `headers` add others.
 */
export async function call(base, method, url, student, body, headers = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(student && { authorization: `Bearer ${student.token}` }),
        // A caller's own network address, for an API that believes its proxy (TRUST_PROXY).
        ...(student?.address && { "x-forwarded-for": student.address }),
        ...(student?.pass && { "waiting-room-pass": student.pass }),
        ...(body !== undefined && { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: res.status,
      body: json,
      retryAfter: res.headers.get("retry-after"),
      room: res.headers.get("waiting-room"),
      ms: performance.now() - started,
    };
  } catch (error) {
    return { status: 0, body: { message: String(error) }, ms: performance.now() - started };
  }
}

/**
 * A student buys a class the way the site does: into the cart, checkout (a seat hold and a
 * PaymentIntent), the card confirmed on the provider, then POST /payments (skipped when `report`
 * is false: the browser closed, the webhook or the reconciler must settle it). Returns the step
 * reached and the time of the whole purchase.
 */
export async function buy(system, base, student, classId, { report = true } = {}) {
  const started = performance.now();
  const done = (step, status) => ({ step, status, ms: performance.now() - started, checkoutMs: undefined });
  const cart = await call(base, "POST", "/carts", student, { classItemId: classId });
  if (cart.status !== 201 && cart.status !== 409) return done("cart", cart.status);
  const checkout = await call(base, "POST", "/create-payment-intent", student, {});
  const timings = { checkoutMs: checkout.ms };
  if (checkout.status !== 201 && checkout.status !== 200) return { ...done("checkout", checkout.status), ...timings };
  const confirmed = await confirmCard(system.sandbox.url, checkout.body.clientSecret);
  if (confirmed !== 200) return { ...done("card", confirmed), ...timings };
  if (!report) return { ...done("card", 200), ...timings };
  const paid = await call(base, "POST", "/payments", student, { transactionId: checkout.body.paymentIntentId });
  return { ...done(paid.status === 200 || paid.status === 201 ? "paid" : "payment", paid.status), ...timings };
}

/**
 * What must hold whatever failed: every class's seats add up as the tests check them (the same
 * check, api/src/waitlist/invariants.ts: enrolled, held and offered seats never above capacity,
 * each counter equal to its rows); every succeeded PaymentIntent either paid for an order
 * (enrolments) or refunded; no intent left open by an order that ended.
 */
export async function invariants(system, { graceMs = 0 } = {}) {
  const { pool, intents } = system;
  const q = async (sql) => (await pool.query(sql)).rows;
  const classes = seatProblems(await q(SEAT_COUNTS_SELECT));
  const oversold = classes.filter((c) => c.problems.includes("more seats taken than the class has")).length;
  // Classes whose counters disagree with their rows (held, offered, enrolled or waiting).
  const heldWrong = classes.filter((c) => c.problems.some((p) => p.includes("but its rows say"))).length;
  const orders = await q(`select id, status, payment_intent_id, cancel_pending, updated_at from orders`);
  const byOrder = new Map(orders.map((o) => [o.id, o]));
  // Card payments only: the seed's sample families paid none (seed/families.ts).
  const paid = new Set(
    (
      await q(`select p.transaction_id from payments p join orders o on o.id = p.order_id
               where o.payment_intent_id is not null`)
    ).map((r) => r.transaction_id),
  );
  let chargedWithoutSeat = 0;
  let openIntents = 0;
  let succeeded = 0;
  // Under load some payments are always being settled and some intents being canceled: with a
  // grace, only what stayed so for longer than it counts.
  const settled = (at) => Date.now() - at >= graceMs;
  for (const [id, pi] of intents) {
    const order = byOrder.get(pi.metadata?.orderId);
    if (pi.status === "succeeded") {
      succeeded++;
      if (!paid.has(id) && !pi.refunded && settled(pi.changedAt)) chargedWithoutSeat++;
    } else if (pi.status !== "canceled" && order?.status !== "pending" && settled(order?.updated_at ?? pi.changedAt)) {
      openIntents++;
    }
  }
  return {
    oversold,
    heldWrong,
    seatProblems: classes.slice(0, 5).map((c) => c.problems.join("; ")),
    chargedWithoutSeat,
    openIntents,
    intents: intents.size,
    succeeded,
    payments: paid.size,
    pendingOrders: orders.filter((o) => o.status === "pending").length,
    cancelPending: orders.filter((o) => o.cancel_pending && settled(o.updated_at)).length,
  };
}

export const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
