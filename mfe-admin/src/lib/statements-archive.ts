import { academyStore, readAccessToken } from "shared-auth";

/*
 * Every family's year-end statements at once (decision 049): the API streams a zip archive as it
 * makes each PDF and says first how many it will hold (`X-Statement-Count`). The page reads the
 * stream itself to count the files as they arrive (each starts with a zip entry's signature), so
 * the office sees "12 of 40 statements" instead of a download that seems stuck.
 */

/** The ended years a statement exists for: the last five before today's (academy calendar). */
export function endedYears(today: string): number[] {
  const last = Number(today.slice(0, 4)) - 1;
  return [0, 1, 2, 3, 4].map((back) => last - back);
}

/** A zip entry's local header: "PK\x03\x04". */
const SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * Counts zip entries in a stream read in chunks: a signature may be cut between two chunks, so
 * the last three bytes of each are kept for the next.
 */
export function zipEntryCounter() {
  let carry = new Uint8Array(0);
  let entries = 0;
  return {
    add(chunk: Uint8Array): number {
      const bytes = new Uint8Array(carry.length + chunk.length);
      bytes.set(carry);
      bytes.set(chunk, carry.length);
      for (let i = 0; i + 3 < bytes.length; i++) {
        if (SIGNATURE.every((byte, k) => bytes[i + k] === byte)) entries++;
      }
      carry = bytes.slice(Math.max(bytes.length - 3, 0));
      return entries;
    },
  };
}

/** "12 of 40 statements" (never more than the archive holds). */
export function progressText(done: number, total: number): string {
  return `${Math.min(done, total)} of ${total} statement${total === 1 ? "" : "s"}`;
}

export interface ArchiveResult {
  blob: Blob | null;
  total: number;
}

/**
 * Fetches the year's archive with the session's token, calling `onProgress(done, total)` as files
 * arrive; answers the archive, or no blob when no family had money that year. Refusals throw
 * with the API's words.
 */
export async function fetchStatementsArchive(
  year: number,
  onProgress: (done: number, total: number) => void,
  fetcher: typeof fetch = fetch,
): Promise<ArchiveResult> {
  const base = academyStore.getState().env?.apiUrl ?? "";
  const token = readAccessToken();
  const response = await fetcher(`${base}/admin/statements/${year}/archive`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    let message = "The statements could not be made. Try again in a moment.";
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // Not JSON (a proxy's page): the general words stand.
    }
    throw new Error(message);
  }
  const total = Number(response.headers.get("x-statement-count") ?? "0");
  onProgress(0, total);
  if (total === 0 || !response.body) {
    await response.body?.cancel();
    return { blob: null, total };
  }
  const counter = zipEntryCounter();
  const parts: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    onProgress(counter.add(value), total);
  }
  onProgress(total, total);
  return { blob: new Blob(parts as BlobPart[], { type: "application/zip" }), total };
}
