import { execFileSync } from "node:child_process";

/** The seed when neither FUZZ_SEED nor a commit can be read (a copy of the sources without git). */
export const FALLBACK_FUZZ_SEED = 20_261_127;

/** The checked-out commit: CI's own variable when it sets one, else git's HEAD; undefined when neither answers. */
export function currentCommit(env: Record<string, string | undefined> = process.env): string | undefined {
  const given = env.GITHUB_SHA ?? env.CI_COMMIT_SHA;
  if (given && /^[0-9a-f]{8,}$/i.test(given)) return given;
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The fuzz test's seed: FUZZ_SEED when set (to replay a run), else one derived from the commit
 * (every run of one commit, on CI or here, tries the same requests, so a red run of a commit
 * stays red until the code changes; a new commit tries new ones), else a fixed value.
 */
export function fuzzSeed(given: string | undefined, commit: string | undefined): { seed: number; from: string } {
  if (given !== undefined && given !== "") {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
      throw new Error(`FUZZ_SEED must be a whole number from 0 to ${2 ** 32 - 1}, not ${JSON.stringify(given)}.`);
    }
    return { seed, from: "FUZZ_SEED" };
  }
  if (commit && /^[0-9a-f]{8,}$/i.test(commit)) {
    return { seed: Number.parseInt(commit.slice(0, 8), 16), from: `commit ${commit.slice(0, 12)}` };
  }
  return { seed: FALLBACK_FUZZ_SEED, from: "the fixed fallback (no FUZZ_SEED, no commit)" };
}
