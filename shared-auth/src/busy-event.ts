/**
 * Sent on `window` the first time a request waits out a "very busy" answer; its detail is the
 * waits' store (busy.ts), for the shell's notice.
 */
export const VERY_BUSY_EVENT = "academy:very-busy";
