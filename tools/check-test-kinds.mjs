#!/usr/bin/env node
// Fails when an API test file's name does not say its kind (docs/development.md, "Where the tests
// live"): `*.test.ts` a unit test (no database), `*.integration.test.ts` over a database,
// `*.race.test.ts` a race on PostgreSQL between two API instances or processes. A reader, and a
// run of one kind, can tell them apart by the name alone. Part of the lint step of `npm test`.
// Usage: node tools/check-test-kinds.mjs [folder of a git work tree; the repository's own by default]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** An import that is not `import type`, from a module that opens a database or an API over one. */
const USES_DATABASE =
  /^import (?!type )[^;]*? from "(?:[./]*(?:test\/)?(?:harness|api-processes|families)\.js|[./]*[\w/-]*database\/[\w-]+\.js|@electric-sql\/pglite|pg)";/ms;
/** The harnesses of two API instances or processes on one database, made for races. */
const RACE_HARNESS = /\b(useTwoTestApis|useTwoApiProcesses)\b/;
/** Requests or work sent together, on two APIs of the test's own (harness, processes, or apps it builds). */
const AT_ONCE = /\b(useTwoTestApis|useTwoApiProcesses)\b|spawn\(|Promise\.all\(/;
const POSTGRES_ONLY = /driverName === "postgres"/;

/** What is wrong with a test file's name for what it does (null: nothing). */
export function kindProblem(file, text) {
  const name = path.basename(file);
  const database = USES_DATABASE.test(text);
  if (name.endsWith(".race.test.ts")) {
    if (!POSTGRES_ONLY.test(text) || !AT_ONCE.test(text))
      return "a race test runs on PostgreSQL only, with two API instances or processes";
    return null;
  }
  if (RACE_HARNESS.test(text)) return "runs two APIs to race them: name it *.race.test.ts";
  if (name.endsWith(".integration.test.ts"))
    return database ? null : "uses no database: a unit test is named *.test.ts";
  return database ? "uses a database: name it *.integration.test.ts" : null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "api"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file.endsWith(".test.ts") && !file.includes("node_modules/"));
  const problems = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(root, file), "utf8");
    } catch {
      continue; // deleted in the work tree
    }
    const problem = kindProblem(file, text);
    if (problem) problems.push(`${file}: ${problem}`);
  }
  if (problems.length) {
    console.error(problems.join("\n"));
    console.error(
      "\nAn API test's name says its kind: *.test.ts (unit), *.integration.test.ts (a database), " +
        "*.race.test.ts (two APIs on PostgreSQL).",
    );
    process.exitCode = 1;
  } else console.log(`Every API test file's name says its kind (${files.length} files).`);
}
