/**
 * The API's clock as the browser learns it (decision 027): every API answer's `Date` header
 * (the API writes its own clock there) gives the offset between this device's clock and the API's.
 * What a page works out from the time the API decides by (a seat hold's countdown, a registration
 * opening, an offer's deadline, whether a class has started) reads `serverNow()`, so a device whose
 * clock is wrong still counts down to the API's instants. The header has whole seconds: offsets
 * within 2 s of the one kept are noise and leave it, so a countdown never jumps back and forth.
 */
let offsetMs = 0;

const NOISE_MS = 2_000;

/** Learns the offset from a `Date` header read when the answer arrived (`receivedAt`, this device's ms). */
export function learnServerTime(dateHeader: unknown, receivedAt: number = Date.now()): void {
  if (typeof dateHeader !== "string") return;
  const at = Date.parse(dateHeader);
  if (Number.isNaN(at)) return;
  // The header drops the milliseconds: the API's instant lies in [at, at + 1000). Its start is
  // taken, so the page is never ahead of the API: a hold is never said to have run out before the
  // API let it go (at most a second after).
  const offset = at - receivedAt;
  if (Math.abs(offset - offsetMs) > NOISE_MS) offsetMs = Math.abs(offset) > NOISE_MS ? offset : 0;
}

/** The API's time now, in ms since 1970 (this device's clock until an answer came). */
export const serverNow = (): number => Date.now() + offsetMs;
