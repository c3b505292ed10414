#!/usr/bin/env node
// Fails when a file of the repository points at a tracker issue by its number (tools/issue-refs.mjs
// says why). ESLint's `tracker/no-issue-refs` shows it on a code comment in the editor; this covers
// what ESLint does not read: the docs, JSON, SQL, YAML, styles, and the strings of code files (a
// test's title). Every file git knows or would add (tracked, or new and not ignored) is read,
// except pnpm-lock.yaml (package names and hashes, nobody's prose). Part of the lint step of
// `npm test` and of `npm run lint`. Usage: node tools/check-no-issue-refs.mjs [folder of a git work
// tree; the repository's own by default]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { findIssueRefs, MESSAGE } from "./issue-refs.mjs";

const ROOT = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const LEFT_OUT = new Set(["pnpm-lock.yaml"]);

const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  cwd: ROOT,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\0")
  .filter((file) => file && !LEFT_OUT.has(file));

const problems = [];
for (const file of new Set(files)) {
  let bytes;
  try {
    bytes = readFileSync(path.join(ROOT, file));
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  if (bytes.includes(0)) continue; // binary: images, fonts
  for (const ref of findIssueRefs(bytes.toString("utf8"))) {
    problems.push(`${file}:${ref.line}:${ref.column}  "${ref.text}"`);
  }
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} pointer${problems.length > 1 ? "s" : ""} to tracker issues. ${MESSAGE}`);
  process.exit(1);
}
console.log(`No pointers to tracker issues in ${files.length} files.`);
