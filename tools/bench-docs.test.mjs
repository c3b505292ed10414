import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE, renderPage, unshown } from "./bench-docs.mjs";

const figures = {
  bench: "demo",
  title: "2 rounds",
  measuredAt: "2026-11-27T10:00:00.000Z",
  commit: "abc1234",
  machine: { cpu: "Test CPU", cores: 2, memoryGiB: 24, loadAverage: [0.5, 0.4, 0.3], cpuWorkMs: 150, node: "v20.20.2" },
  verdict: { held: true, oversold: 0 },
  columns: [
    ["round", "round"],
    ["perSecond", "checkouts/s"],
  ],
  rows: [
    { round: "1", perSecond: 1234 },
    { round: "all", perSecond: 99 },
  ],
};

describe("the benchmarks page", () => {
  it("shows each bench's figures file in its block, with the machine and the code it was measured on", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "figures-"));
    writeFileSync(path.join(dir, "demo.json"), JSON.stringify(figures));
    const page =
      "# Figures\n\n<!-- figures:demo -->\nhand-written 9,999 checkouts/s\n<!-- /figures:demo -->\n\nAfter.\n";
    const made = renderPage(page, dir);
    expect(made).not.toContain("9,999");
    expect(made).toContain("| round | checkouts/s |");
    expect(made).toContain("|     1 |       1,234 |");
    expect(made).toContain("at commit abc1234 on 2 × Test CPU");
    expect(made).toContain("everything that must hold held");
    expect(made).toContain("oversold 0.");
    expect(made.endsWith("<!-- /figures:demo -->\n\nAfter.\n")).toBe(true);
    // Made twice, the same page: the check can tell a page that is up to date.
    expect(renderPage(made, dir)).toBe(made);
    expect(unshown("# no blocks", dir)).toEqual(["demo"]);
  });

  it("lays many figures of few runs down the page: a line per figure, a column per run", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "figures-"));
    writeFileSync(path.join(dir, "demo.json"), JSON.stringify({ ...figures, layout: "down" }));
    const made = renderPage("<!-- figures:demo -->\n<!-- /figures:demo -->\n", dir);
    expect(made).toContain("| round       |     1 | all |");
    expect(made).toContain("| ----------- | ----: | --: |");
    expect(made).toContain("| checkouts/s | 1,234 |  99 |");
  });

  it("is what the figures files in docs/benchmarks say (a figure copied by hand fails here)", () => {
    const page = readFileSync(PAGE, "utf8");
    expect(renderPage(page)).toBe(page);
    expect(unshown(page)).toEqual([]);
  });
});
