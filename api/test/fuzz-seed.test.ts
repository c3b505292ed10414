import { describe, expect, it } from "vitest";
import { currentCommit, FALLBACK_FUZZ_SEED, fuzzSeed } from "./fuzz-seed.js";

describe("the fuzz test's seed", () => {
  const commit = "3c0772d5e1f2a3b4c5d6e7f8091a2b3c4d5e6f70";

  it("is the same for every run of one commit, and another for another commit", () => {
    expect(fuzzSeed(undefined, commit)).toEqual({ seed: 0x3c0772d5, from: "commit 3c0772d5e1f2" });
    expect(fuzzSeed("", commit).seed).toBe(fuzzSeed(undefined, commit).seed);
    expect(fuzzSeed(undefined, `ff${commit.slice(2)}`).seed).not.toBe(0x3c0772d5);
  });

  it("is FUZZ_SEED when given, to replay a run", () => {
    expect(fuzzSeed("42", commit)).toEqual({ seed: 42, from: "FUZZ_SEED" });
    expect(() => fuzzSeed("-1", commit)).toThrow(/FUZZ_SEED must be a whole number/);
    expect(() => fuzzSeed("x", commit)).toThrow(/FUZZ_SEED must be a whole number/);
  });

  it("falls back to a fixed value without a commit", () => {
    expect(fuzzSeed(undefined, undefined).seed).toBe(FALLBACK_FUZZ_SEED);
    expect(fuzzSeed(undefined, "not-a-commit").seed).toBe(FALLBACK_FUZZ_SEED);
  });

  it("reads the commit from CI's variable, else from git", () => {
    expect(currentCommit({ GITHUB_SHA: commit })).toBe(commit);
    expect(currentCommit({})).toMatch(/^[0-9a-f]{40}$/);
  });
});
