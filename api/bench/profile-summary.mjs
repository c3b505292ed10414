#!/usr/bin/env node
// Summarises the V8 CPU profiles (.cpuprofile) in a folder, as written by `--cpu-prof` (the
// benchmarks' BENCH_CPU_PROF): where the processes spent their time, by function (self time) and
// by where the code comes from (a package under node_modules, the API's own files, Node's
// internals), summed over every profile in the folder.
// Usage: node bench/profile-summary.mjs <folder> [rows]
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const folder = process.argv[2];
const rows = Number(process.argv[3] ?? 25);
if (!folder) {
  console.error("usage: node bench/profile-summary.mjs <folder> [rows]");
  process.exit(2);
}

/** Where a function's code lives, by what a reader would look for: a package, an API file, Node. */
function origin(url) {
  if (!url) return "(V8 / native)";
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = url.indexOf("/dist/");
  return dist >= 0 ? "api " + url.slice(dist + "/dist/".length) : url;
}

const byFunction = new Map();
const byOrigin = new Map();
let totalUs = 0;
const files = readdirSync(folder).filter((f) => f.endsWith(".cpuprofile"));
for (const file of files) {
  const profile = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  // Each sample is charged to its node for the time until the next sample.
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === "(idle)") continue;
    totalUs += us;
    const where = origin(callFrame.url);
    const name = `${callFrame.functionName || "(anonymous)"}  ${where}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + us);
  }
}

const table = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${name}`);
};
console.log(`${files.length} profiles, ${(totalUs / 1e6).toFixed(1)} s busy (idle left out)`);
table("By where the code comes from (self time)", byOrigin);
table("By function (self time)", byFunction);
