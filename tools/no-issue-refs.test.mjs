import { ESLint } from "eslint";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

// Built from parts, so that this file itself holds no pointer for the checks to find.
const ISSUE = "iss" + "ue";

async function trackerErrors(code, file = "api/src/x.ts") {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "tracker/no-issue-refs");
}

describe("comments point at no tracker issue (ESLint's tracker/no-issue-refs)", () => {
  it.each([
    ["a line comment", `// The waitlist dialog (${ISSUE} 30).\nexport {};`],
    ["a block comment", `/** Budgets (${ISSUE} 14). */\nexport {};`],
    ["a plural", `// ${ISSUE}s 31/33: refunds and discounts\nexport {};`],
    ["a hash", `// see ${ISSUE.toUpperCase()} #12\nexport {};`],
    ["JSX", `export const a = <p>{/* ${ISSUE} 29: whose seat */}</p>;`],
  ])("fails %s", async (name, code) => {
    const file = name === "JSX" ? "mfe-student/src/x.tsx" : "api/src/x.ts";
    const errors = await trackerErrors(code, file);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain("link a decision record (docs/decisions/)");
    expect(errors[0].line).toBe(1);
  });

  it("passes the rule said in words, a decision record, and another project's tracker link", async () => {
    const code = [
      "// Seats freed go to the class's line first (decision 031).",
      `// pretix cannot: https://github.com/pretix/pretix/${ISSUE}s/974`,
      "// Tissue 3, a word that only ends in it.",
      "export {};",
    ].join("\n");
    expect(await trackerErrors(code)).toEqual([]);
  });
});

describe("no file points at a tracker issue (tools/check-no-issue-refs.mjs)", () => {
  let repo;
  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), "no-issue-refs-"));
    spawnSync("git", ["init", "--quiet"], { cwd: repo });
    writeFileSync(
      path.join(repo, "README.md"),
      "# A camp\n\nSeats freed go to the class's line first (decision 031).\n",
    );
    writeFileSync(path.join(repo, "pnpm-lock.yaml"), `left out: ${ISSUE} 1\n`);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  const check = () =>
    spawnSync(process.execPath, [path.join(root, "tools/check-no-issue-refs.mjs"), repo], { encoding: "utf8" });

  it("passes files that say the rule or name a decision record (and never reads pnpm-lock.yaml)", () => {
    const result = check();
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it.each([
    ["a doc", "docs/plant.md", `# A plant\n\nThe waitlist dialog (${ISSUE} 30).\n`, 3, 22],
    ["a JSON file", "plant.json", `{\n  "description": "Budgets, see ${ISSUE}#14"\n}\n`, 2, 32],
    ["a test title", "plant.test.ts", `it("refunds (${ISSUE}s 31/33)", () => {});\n`, 1, 14],
  ])(
    "fails a pointer planted in %s, new and not yet added to git, naming the file and line",
    (_, file, text, line, column) => {
      mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      writeFileSync(path.join(repo, file), text);
      const result = check();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${file}:${line}:${column}`);
      expect(result.stderr).toContain("link a decision record (docs/decisions/)");
    },
  );
});
