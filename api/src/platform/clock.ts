/**
 * The API's one clock (decision 027): every rule that depends on the time of day or on "today"
 * (has a class started, has a seat hold run out, which summer the seed books) reads `now()` here,
 * never `new Date()` or the database's `now()`. It is the real clock moved by a constant offset,
 * zero in production. Outside production `API_CLOCK` sets the offset at start, and tests move it
 * in-process with `setClock`, so a suite can run as if it were any day.
 *
 * This module imports nothing: the end-to-end tests import it too, to read `API_CLOCK` as the API
 * does. Only a run with the development defaults (ACADEMY_DEV_DEFAULTS=1, config/mode.ts) moves
 * the clock; every other process is production and keeps the real one.
 */

/** config/mode.ts's rule, written here so that this module imports nothing; anything else is production. */
const devDefaultsIn = (env: Env) => env.ACADEMY_DEV_DEFAULTS?.trim() === "1" && env.NODE_ENV !== "production";
const devDefaults = () => devDefaultsIn(process.env);

/**
 * `API_CLOCK`'s forms: a day (`2031-03-01`, midnight UTC) or an instant with its zone
 * (`2027-07-01T09:00:00Z`), at which the clock stands when it is read and from which it moves on
 * in real time; either may end in `@<real instant>` to say when the clock stood there, so that
 * several processes started at different moments share one clock exactly (`clockEnv()`).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseInstant(text: string): number | undefined {
  const isDay = DAY.test(text);
  if (!isDay && !INSTANT.test(text)) return undefined;
  // A day that does not exist (2031-02-30) is a typo, not the 2nd of March.
  const day = text.slice(0, 10);
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return undefined;
  const ms = isDay ? midnight : Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The offset (ms) an `API_CLOCK` value sets, read at `realNowMs`; throws when it is not one of the forms. */
export function parseClock(value: string, realNowMs = Date.now()): number {
  const [at = "", readAt, ...rest] = value.trim().split("@");
  const clockMs = parseInstant(at);
  const realMs = readAt === undefined ? realNowMs : parseInstant(readAt);
  if (clockMs === undefined || realMs === undefined || rest.length > 0) {
    throw new Error(
      `API_CLOCK must be a day (2031-03-01) or an instant with its zone (2027-07-01T09:00:00Z), optionally followed by @<real instant>; got "${value}"`,
    );
  }
  return clockMs - realMs;
}

type Env = Record<string, string | undefined>;

/**
 * The offset `API_CLOCK` asks for, or undefined when it is unset. A moved clock would let anyone
 * who can set the environment book classes that have started or keep seats held forever, so
 * production refuses it (readConfig calls this, and the server does not start).
 */
export function clockOffsetFromEnv(env: Env, realNowMs = Date.now()): number | undefined {
  if (env.API_CLOCK_FILE?.trim() && !devDefaultsIn(env)) {
    throw new Error("API_CLOCK_FILE must not be set in production (it moves the clock every booking rule reads)");
  }
  const value = env.API_CLOCK?.trim();
  if (!value) return undefined;
  if (!devDefaultsIn(env)) {
    throw new Error("API_CLOCK must not be set in production (it moves the clock every booking rule reads)");
  }
  return parseClock(value, realNowMs);
}

/** Never honoured in production, whatever reads this module first (readConfig refuses it with an error). */
let offsetMs = (() => {
  try {
    return clockOffsetFromEnv(process.env) ?? 0;
  } catch (error) {
    if (!devDefaults()) return 0;
    throw error;
  }
})();

/** The API's current time. */
export const now = (): Date => new Date(Date.now() + offsetMs);

/** The API's current time in milliseconds since the epoch. */
export const nowMs = (): number => Date.now() + offsetMs;

/**
 * Tests: the clock stands at `at` from this moment and moves on in real time; `undefined` puts
 * back the real clock. Returns the previous offset, for `restoreClock`.
 */
export function setClock(at: Date | string | undefined): number {
  if (!devDefaults()) throw new Error("the clock cannot be moved in production");
  const previous = offsetMs;
  offsetMs = at === undefined ? 0 : typeof at === "string" ? parseClock(at) : at.getTime() - Date.now();
  return previous;
}

/** Tests: puts back an offset `setClock` returned. */
export function restoreClock(previous: number): void {
  if (!devDefaults()) throw new Error("the clock cannot be moved in production");
  offsetMs = previous;
}

/**
 * The environment that gives another process this process's clock exactly (`API_CLOCK` anchored
 * to the real instant it stood there), or none when the clock is the real one: two API processes
 * on one database must agree on when a seat hold runs out.
 */
export function clockEnv(): { API_CLOCK?: string } {
  return offsetMs === 0 ? {} : anchoredClock(offsetMs);
}

/**
 * `API_CLOCK` anchored to the real instant it is read at (an offset, or an `API_CLOCK` value),
 * whichever process reads it: the end-to-end run anchors its API's clock once with it.
 */
export function anchoredClock(offset: number | string, realNowMs = Date.now()): { API_CLOCK: string } {
  const ms = typeof offset === "string" ? parseClock(offset, realNowMs) : offset;
  return { API_CLOCK: `${new Date(realNowMs + ms).toISOString()}@${new Date(realNowMs).toISOString()}` };
}

let dateSecond = Number.NaN;
let dateText = "";

/**
 * The HTTP Date of this clock's now (`Thu, 26 Nov 2026 08:46:21 GMT`), made once per second of it
 * (as Node does for its own Date header): every answer says the API's time (app.ts).
 */
export function httpDate(): string {
  const ms = nowMs();
  const second = Math.floor(ms / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(ms).toUTCString();
  }
  return dateText;
}
