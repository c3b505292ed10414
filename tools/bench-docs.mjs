#!/usr/bin/env node
// docs/benchmarks.md's figures, made from the files the benchmarks write (docs/benchmarks/*.json,
// api/bench/figures.mjs): each `<!-- figures:NAME -->` ... `<!-- /figures:NAME -->` block is
// replaced by NAME.json's table, with when, on what code and on what machine it was measured.
// `node tools/bench-docs.mjs` rewrites the page; `--check` only says whether it is up to date
// (the unit tests run it, so figures copied by hand fail).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
export const PAGE = path.join(ROOT, "docs", "benchmarks.md");
export const FIGURES_DIR = path.join(ROOT, "docs", "benchmarks");

const number = (value) => (typeof value === "number" ? value.toLocaleString("en-US") : String(value));

/** One bench's figures as Markdown: a line on the run, then its table. */
export function renderFigures(figures) {
  const m = figures.machine ?? {};
  const held = figures.verdict?.held;
  const lines = [
    `${figures.title}. Measured ${figures.measuredAt.slice(0, 10)} at commit ${figures.commit} on ${m.cores} × ${m.cpu}` +
      ` (${m.memoryGiB} GiB; load average ${(m.loadAverage ?? []).join(", ")} at the start; CPU work ${m.cpuWorkMs} ms,` +
      ` lower is faster;${m.pgbenchTps ? ` PostgreSQL ${number(m.pgbenchTps)} pgbench transactions/s;` : ""} Node ${m.node})` +
      (held === undefined
        ? "."
        : held
          ? ": everything that must hold held."
          : ": **FAILED**, something that must hold did not."),
    "",
  ];
  let heads = figures.columns.map(([, heading]) => heading);
  let cells = figures.rows.map((row) => figures.columns.map(([key]) => number(row[key] ?? "")));
  if (figures.layout === "down") {
    // Many figures of few runs: a line per figure, a column per run (its first figure heads it).
    const [first, ...rest] = figures.columns;
    heads = [first[1], ...figures.rows.map((row) => number(row[first[0]] ?? ""))];
    cells = rest.map(([key, heading]) => [heading, ...figures.rows.map((row) => number(row[key] ?? ""))]);
  }
  const widths = heads.map((h, i) => Math.max(h.length, 3, ...cells.map((r) => r[i].length)));
  const down = figures.layout === "down";
  const line = (values) =>
    `| ${values.map((v, i) => (down && i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(" | ")} |`;
  const rule = widths.map((w, i) => (down && i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`));
  lines.push(line(heads), `| ${rule.join(" | ")} |`, ...cells.map(line));
  const verdict = Object.entries(figures.verdict ?? {}).filter(([key]) => key !== "held");
  if (verdict.length) lines.push("", verdict.map(([key, value]) => `${key} ${number(value)}`).join(", ") + ".");
  for (const note of figures.notes ?? []) lines.push("", note);
  return lines.join("\n");
}

/** The page with every block whose figures file exists made anew. */
export function renderPage(page, figuresDir = FIGURES_DIR) {
  return page.replace(/<!-- figures:([\w-]+) -->\n[\s\S]*?<!-- \/figures:\1 -->/g, (block, name) => {
    const file = path.join(figuresDir, `${name}.json`);
    if (!existsSync(file)) return block;
    const figures = JSON.parse(readFileSync(file, "utf8"));
    return `<!-- figures:${name} -->\n\n${renderFigures(figures)}\n\n<!-- /figures:${name} -->`;
  });
}

/** Figures files that no block of the page shows. */
export function unshown(page, figuresDir = FIGURES_DIR) {
  if (!existsSync(figuresDir)) return [];
  return readdirSync(figuresDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
    .filter((name) => !page.includes(`<!-- figures:${name} -->`));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = readFileSync(PAGE, "utf8");
  const made = renderPage(page);
  const missing = unshown(page);
  if (missing.length) console.error(`no block in docs/benchmarks.md for: ${missing.join(", ")}`);
  if (process.argv.includes("--check")) {
    if (made !== page)
      console.error("docs/benchmarks.md is not what its figures files say: run node tools/bench-docs.mjs");
    process.exitCode = made !== page || missing.length ? 1 : 0;
  } else {
    writeFileSync(PAGE, made);
    console.log(made === page ? "docs/benchmarks.md was up to date" : "docs/benchmarks.md made anew from its figures");
    if (missing.length) process.exitCode = 1;
  }
}
