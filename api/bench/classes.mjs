#!/usr/bin/env node
// Benchmark: GET /classes on PostgreSQL next to a bare Fastify route returning the same JSON, and
// the same list signed in as an admin (every class with its status: written by Fastify through the
// route's answer schema on each request, not served from the cached lists).
// Usage: pnpm --filter api bench   (needs a built API: pnpm --filter api build)
// BENCH_PG_URL picks the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test);
// a scratch database is created and dropped. Both servers are warmed up, then measured in
// alternating runs (BENCH_ROUNDS, default 2, of BENCH_SECONDS each, default 5), so that a change
// in the machine's load during the benchmark weighs on both alike.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { machine, writeFigures } from "./figures.mjs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SEED_USERS } from "../dist/seed/index.js";

const adminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = import.meta.dirname;
const dbName = `academy_bench_${process.pid}`;
const JWT_SECRET = randomUUID() + randomUUID();
const b64 = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An access token of the seed's admin, as POST /jwt signs it. */
function adminToken() {
  const admin = SEED_USERS.find((u) => u.role === "admin");
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: admin.id, email: admin.email, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac("sha256", JWT_SECRET).update(unsigned).digest("base64url")}`;
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
}

function start(script, env) {
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(process.execPath, [...profile, script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

function run(url, duration = seconds, headers = {}, clients = connections) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: clients, duration, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

/**
 * Signed-in requests are not answered before Fastify: at 50 connections a 2-core machine refuses
 * most of them as very busy (decision 035), which would measure the refusal. A few clients at once
 * measure the answer.
 */
const signedInConnections = Number(process.env.BENCH_SIGNED_IN_CONNECTIONS ?? 8);

/** Several runs as one: mean throughput, worst p99, all errors. */
function combine(results) {
  return {
    requests: { average: results.reduce((sum, r) => sum + r.requests.average, 0) / results.length },
    latency: { p99: Math.max(...results.map((r) => r.latency.p99)) },
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

const startedOn = machine();
await admin(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const children = [];
try {
  const api = start(path.join(here, "../dist/server.js"), {
    ACADEMY_DEV_DEFAULTS: "1",
    DATABASE_URL: dbUrl.href,
    PORT: "4990",
    LOG_LEVEL: "error",
    JWT_SECRET,
  });
  children.push(api);
  await waitFor("http://127.0.0.1:4990/health");
  const body = await (await fetch("http://127.0.0.1:4990/classes")).text();
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-")), "classes.json");
  writeFileSync(bodyFile, body);
  const bare = start(path.join(here, "bare-server.mjs"), { PORT: "4991", BODY_FILE: bodyFile });
  children.push(bare);
  await waitFor("http://127.0.0.1:4991/classes");

  console.log(
    `GET /classes: ${JSON.parse(body).length} classes, ${body.length} bytes; ${connections} connections, ` +
      `${rounds} alternating runs of ${seconds} s each`,
  );
  // Warm-up of the load generator and of both servers (JIT, connection pools, the list cache).
  await run("http://127.0.0.1:4991/classes", 3);
  await run("http://127.0.0.1:4990/classes", 3);
  const signedIn = { authorization: `Bearer ${adminToken()}` };
  const adminList = await fetch("http://127.0.0.1:4990/classes", { headers: signedIn });
  if (!adminList.ok) throw new Error(`GET /classes as the admin answered ${adminList.status}`);
  await run("http://127.0.0.1:4990/classes", 3, signedIn, signedInConnections);
  const bareRuns = [];
  const apiRuns = [];
  const adminRuns = [];
  for (let i = 0; i < rounds; i++) {
    bareRuns.push(await run("http://127.0.0.1:4991/classes"));
    apiRuns.push(await run("http://127.0.0.1:4990/classes"));
    adminRuns.push(await run("http://127.0.0.1:4990/classes", seconds, signedIn, signedInConnections));
  }
  const bareResult = combine(bareRuns);
  const apiResult = combine(apiRuns);
  const adminResult = combine(adminRuns);
  const row = (name, r) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(row("bare Fastify, constant JSON", bareResult));
  console.log(row("API GET /classes on PostgreSQL", apiResult));
  console.log(row(`API GET /classes as the admin (${signedInConnections} conn.)`, adminResult));
  // How many of the API's answers came from the cached lists' front path (decision 036).
  const health = await (await fetch("http://127.0.0.1:4990/health")).json();
  const measured = apiRuns.reduce((sum, r) => sum + r.requests.total, 0);
  console.log(`API answers from the front path: ${health.frontServed} (${measured} measured, plus the warm-up)`);
  const ratio = apiResult.requests.average / bareResult.requests.average;
  console.log(`ratio API / bare: ${ratio.toFixed(2)} (target >= 0.85: the API's own work under a sixth of a request)`);
  const line = (server, r) => ({
    server,
    perSecond: Math.round(r.requests.average),
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  });
  writeFigures("classes", {
    title: `GET /classes (${JSON.parse(body).length} classes, ${body.length} bytes), ${connections} connections, ${rounds} alternating runs of ${seconds} s`,
    startedOn,
    columns: [
      ["server", "server"],
      ["perSecond", "requests/s"],
      ["p99", "p99 ms"],
      ["errors", "errors"],
    ],
    rows: [
      line("bare Fastify, constant JSON", bareResult),
      line("API GET /classes on PostgreSQL", apiResult),
      line(`API GET /classes as the admin (signed in, ${signedInConnections} connections)`, adminResult),
    ],
    verdict: { ratio: Number(ratio.toFixed(2)), frontPathAnswers: health.frontServed },
  });
} finally {
  for (const c of children) c.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
