// Where a benchmark's figures go: docs/benchmarks/<name>.json, with the machine and the code they
// were measured on. docs/benchmarks.md's tables are made from these files
// (`node tools/bench-docs.mjs`), never copied by hand, so the docs say what a run printed.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const FIGURES_DIR = path.join(ROOT, "docs", "benchmarks");

/**
 * A fixed piece of CPU work (SHA-256 over 64 MB), timed: the machine's speed on the day, so figures
 * from two runs can be compared knowing how fast each machine was. Lower is faster.
 */
export function cpuWorkMs() {
  const block = Buffer.alloc(1 << 20, 7);
  const started = performance.now();
  const hash = createHash("sha256");
  for (let i = 0; i < 64; i++) hash.update(block);
  hash.digest();
  return Math.round(performance.now() - started);
}

/**
 * PostgreSQL's throughput on the day: pgbench's TPC-B-like transactions a second, two clients for
 * five seconds on a scratch database of scale 1, so figures from two machines can be compared
 * knowing how fast each one's database was. Null when pgbench is not installed or cannot connect.
 */
export function pgbenchTps(adminUrl) {
  const url = new URL(adminUrl);
  const scratch = `academy_pgbench_${process.pid}`;
  const connection = [
    "-h",
    url.hostname,
    "-p",
    url.port || "5432",
    "-U",
    decodeURIComponent(url.username || "postgres"),
  ];
  const run = (args, database) =>
    execFileSync("pgbench", [...connection, ...args, database], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  const psql = (sql) =>
    execFileSync("psql", [...connection, "-d", url.pathname.slice(1) || "postgres", "-qc", sql], { stdio: "ignore" });
  try {
    psql(`create database ${scratch}`);
    try {
      run(["-i", "-q", "-s", "1"], scratch);
      const out = run(["-c", "2", "-j", "2", "-T", "5"], scratch);
      const tps = /tps = ([\d.]+)/.exec(out);
      return tps ? Math.round(Number(tps[1])) : null;
    } finally {
      psql(`drop database if exists ${scratch} with (force)`);
    }
  } catch {
    return null;
  }
}

function commit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** What machine a run was on, read when the run starts (the load average before the bench's own load). */
export function machine({ pgUrl } = {}) {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
    cpuWorkMs: cpuWorkMs(),
    ...(pgUrl && { pgbenchTps: pgbenchTps(pgUrl) }),
    node: process.version,
  };
}

/**
 * Writes a bench's figures: `columns` name the table's columns (key and heading), `rows` hold one
 * object per line of the table (`layout: "down"`: per column, a figure a line), `verdict` says
 * whether everything that must hold did.
 */
export function writeFigures(name, { title, columns, rows, verdict, notes = [], startedOn, layout }) {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${name}.json`);
  const figures = {
    bench: name,
    title,
    measuredAt: new Date().toISOString(),
    commit: commit(),
    machine: startedOn,
    verdict,
    ...(layout && { layout }),
    columns,
    rows,
    notes,
  };
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`figures written to ${path.relative(ROOT, file)} (docs: node tools/bench-docs.mjs)`);
}
