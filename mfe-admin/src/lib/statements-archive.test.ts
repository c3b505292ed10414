import { describe, expect, it } from "vitest";
import { endedYears, fetchStatementsArchive, progressText, zipEntryCounter } from "./statements-archive";

const SIG = [0x50, 0x4b, 0x03, 0x04];
const bytes = (...parts: number[][]) => new Uint8Array(parts.flat());

/** A response as fetch answers it: its headers, and a body read in the chunks given. */
function answer(status: number, headers: Record<string, string>, chunks: Uint8Array[], json?: object) {
  let next = 0;
  return {
    ok: status < 400,
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    json: async () => json,
    body: {
      cancel: async () => undefined,
      getReader: () => ({
        read: async () => (next < chunks.length ? { done: false, value: chunks[next++] } : { done: true }),
      }),
    },
  } as unknown as Response;
}

describe("the statements archive", () => {
  it("offers the last five ended years, newest first", () => {
    expect(endedYears("2027-01-02")).toEqual([2026, 2025, 2024, 2023, 2022]);
  });

  it("counts zip entries as they arrive, a signature cut between two chunks included", () => {
    const counter = zipEntryCounter();
    expect(counter.add(bytes(SIG, [1, 2, 3], SIG.slice(0, 2)))).toBe(1);
    expect(counter.add(bytes(SIG.slice(2), [9, 9]))).toBe(2);
    expect(counter.add(bytes([0x50], [0x4b]))).toBe(2);
    expect(counter.add(bytes([0x03, 0x04]))).toBe(3);
    expect(counter.add(bytes([0x50, 0x4b, 0x05, 0x06]))).toBe(3);
  });

  it("says the progress in files, never past the archive's count", () => {
    expect(progressText(12, 40)).toBe("12 of 40 statements");
    expect(progressText(3, 1)).toBe("1 of 1 statement");
  });

  it("reads the count first, reports each file, and answers the whole archive", async () => {
    const seen: string[] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      seen.push(`${url} ${JSON.stringify(init?.headers)}`);
      return answer(200, { "x-statement-count": "2" }, [bytes(SIG, [7, 7]), bytes(SIG, [8])]);
    }) as typeof fetch;
    const progress: string[] = [];
    const { blob, total } = await fetchStatementsArchive(2026, (d, t) => progress.push(`${d}/${t}`), fetcher);
    expect(seen[0]).toMatch(/\/admin\/statements\/2026\/archive/);
    expect(total).toBe(2);
    expect(progress).toEqual(["0/2", "1/2", "2/2", "2/2"]);
    expect(blob!.size).toBe(11);
    expect(blob!.type).toBe("application/zip");
  });

  it("answers no archive when no family had money, and the API's words when it refuses", async () => {
    const empty = (async () => answer(200, { "x-statement-count": "0" }, [])) as unknown as typeof fetch;
    expect(await fetchStatementsArchive(2026, () => undefined, empty)).toEqual({ blob: null, total: 0 });
    const refused = (async () =>
      answer(409, {}, [], {
        message: "Statements for 2026 can be had from 1 January 2027.",
      })) as unknown as typeof fetch;
    await expect(fetchStatementsArchive(2026, () => undefined, refused)).rejects.toThrow(
      "Statements for 2026 can be had from 1 January 2027.",
    );
  });
});
