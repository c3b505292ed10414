#!/usr/bin/env node
// Fails when a source file is too long to say by its name what it does: more than 400 lines, or 450
// for a test file (`*.test.*`, `*.spec.*`). A longer file is split by concern, each part named for
// what it does or proves. Read: the TypeScript and JavaScript files git knows or would add (tracked,
// or new and not ignored) in the five apps, api/src, api/test, shared-auth/src, the end-to-end
// tests and their support, and tools (the payment sandbox among them); generated files are left out
// (the API's wire types, build output, database migrations). Part of the lint step of
// `npm test`. Usage: node tools/check-file-length.mjs [folder of a git work tree; the repository's
// own by default]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const FOLDERS = [
  "shell",
  "mfe-public",
  "mfe-student",
  "mfe-instructor",
  "mfe-admin",
  "api/src",
  "api/test",
  "shared-auth/src",
  "e2e/tests",
  "e2e/support",
  "tools",
];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /\.(test|spec)\./;
/** Written by tools, not by hand: their length is the generator's. */
const GENERATED = new Set(["shared-auth/src/wire/api.d.ts"]);
const GENERATED_FOLDER = /(^|\/)(dist|drizzle|node_modules)\//;
const MAX_LINES = 400;
const MAX_TEST_LINES = 450;

const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...FOLDERS], {
  cwd: ROOT,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\0")
  .filter((file) => SOURCE.test(file) && !GENERATED.has(file) && !GENERATED_FOLDER.test(file));

const problems = [];
let read = 0;
for (const file of new Set(files)) {
  let text;
  try {
    text = readFileSync(path.join(ROOT, file), "utf8");
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  read += 1;
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  const max = TEST.test(path.basename(file)) ? MAX_TEST_LINES : MAX_LINES;
  if (lines <= max) continue;
  problems.push(`${file}: ${lines} lines (at most ${max})`);
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(
    `\n${problems.length} file${problems.length > 1 ? "s" : ""} too long. Split by concern into files beside it, ` +
      `each named for what it does or proves (at most ${MAX_LINES} lines, ${MAX_TEST_LINES} for a test file).`,
  );
  process.exit(1);
}
console.log(`No source file over ${MAX_LINES} lines (${MAX_TEST_LINES} for a test file) in ${read} files.`);
