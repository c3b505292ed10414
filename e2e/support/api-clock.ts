import { parseClock } from "../../api/src/platform/clock";

/**
 * The API's clock in this run, in ms since 1970: the real clock, moved when `API_CLOCK` is set
 * (anchored once for the whole run in playwright.config.ts). Tests compare the API's instants
 * (a hold's end, an opening time) with this, never with `Date.now()`.
 */
export const apiNowMs = () => Date.now() + (process.env.API_CLOCK ? parseClock(process.env.API_CLOCK) : 0);
