import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The "cycles" step (`npm run check:cycles`) as it runs: the repository's .dependency-cruiser.mjs through
// dependency-cruiser's own command, here on a small project planted in a scratch folder, one
// cycle of types only per folder and one folder whose imports go one way.
const root = path.resolve(import.meta.dirname, "..");
const cruiser = path.join(root, "node_modules", "dependency-cruiser");
const bin = path.join(cruiser, JSON.parse(readFileSync(path.join(cruiser, "package.json"), "utf8")).bin.depcruise);

const CYCLES = {
  "import-type": {
    "roster.tsx": 'import type { Row } from "./export";\nexport const rows: Row[] = [];\n',
    "export.ts":
      'import { rows } from "./roster";\nexport type Row = { name: string };\nexport const n = rows.length;\n',
  },
  "inline-type-nodenext": {
    "a.ts": 'import { type B } from "./b.js";\nexport type A = B[];\n',
    "b.ts": 'import { type A } from "./a.js";\nexport type B = { all: A };\n',
  },
  "export-type-from": {
    "a.ts": 'export type { B } from "./b";\nexport type A = string;\n',
    "b.ts": 'import type { A } from "./a";\nexport type B = A;\n',
  },
  "typeof-import": {
    "a.ts": 'export type B = typeof import("./b");\nexport const a = 1;\n',
    "b.ts": 'import type { B } from "./a";\nexport const b: B | null = null;\n',
  },
  "jsdoc-mjs": {
    "a.mjs": '/** @import { B } from "./b.mjs" */\n/** @type {B | null} */\nexport const a = null;\n',
    "b.mjs": '/** @typedef {import("./a.mjs").a} B */\nexport const b = 1;\n',
  },
};
const ONE_WAY = {
  "a.ts": 'import type { B } from "./b";\nimport { b } from "./b";\nexport const a: B = b;\n',
  "b.ts": "export type B = number;\nexport const b: B = 1;\n",
};

let scratch;
let run;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "academy-cycles-"));
  for (const [folder, files] of Object.entries({ ...CYCLES, "one-way": ONE_WAY })) {
    mkdirSync(path.join(scratch, "src", folder), { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(scratch, "src", folder, file), text);
  }
  const config = path.join(root, ".dependency-cruiser.mjs");
  run = spawnSync(process.execPath, [bin, "--config", config, "src"], { cwd: scratch, encoding: "utf8" });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the import-cycle check", () => {
  it("fails a run that has a cycle", () => {
    expect(run.status).not.toBe(0);
  });

  it.each(Object.keys(CYCLES))("sees a cycle of types only: %s", (folder) => {
    expect(run.stdout).toMatch(new RegExp(`error no-circular: src/${folder}/`));
  });

  it("passes imports, types included, that go one way", () => {
    expect(run.stdout).not.toContain("src/one-way/");
  });
});
