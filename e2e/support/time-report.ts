import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Where the run's time went: the spec files by the time their tests took, slowest first, printed
 * at the end of the run (the part of a CI log one reads first), with the wall-clock total and the
 * machine's load, so a slower run can be told from a slower spec.
 */
export default class TimeReport implements Reporter {
  private readonly byFile = new Map<string, { ms: number; tests: number }>();
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.replace(/^.*\/tests\//, "");
    const entry = this.byFile.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.byFile.set(file, entry);
  }

  async onEnd(result: FullResult) {
    const { loadavg, cpus } = await import("node:os");
    const rows = [...this.byFile].sort((a, b) => b[1].ms - a[1].ms);
    const inTests = rows.reduce((sum, [, e]) => sum + e.ms, 0);
    const lines = rows
      .slice(0, 15)
      .map(([file, e]) => `  ${(e.ms / 1000).toFixed(1).padStart(7)} s  ${String(e.tests).padStart(3)} tests  ${file}`);
    console.log(
      [
        "",
        `e2e time by spec file (slowest 15 of ${rows.length}); ${result.status}:`,
        ...lines,
        `  in tests ${(inTests / 1000).toFixed(0)} s, wall clock ${((Date.now() - this.started) / 1000).toFixed(0)} s; ` +
          `load average ${loadavg()
            .map((n) => n.toFixed(1))
            .join(" ")} on ${cpus().length} cores`,
      ].join("\n"),
    );
  }

  printsToStdio() {
    return false;
  }
}
