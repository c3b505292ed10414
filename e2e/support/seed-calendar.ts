import { apiNowMs } from "./api-clock";
import { inSeedSummer, seedSummer } from "../../api/src/seed/index";
import { formatDateRange } from "../../shared-auth/src/camp-session";

/**
 * The seeded classes' dates as the API seeded them (decision 027): the seed moves the sessions it
 * writes for summer 2027 into the next summer still ahead of the API's clock. The API of this run
 * reads the same `API_CLOCK` (or the real clock), so the tests name seeded days as it does.
 */
const apiNow = () => new Date(apiNowMs());

/** The summer the seeded classes run in. */
export const SEED_SUMMER = seedSummer(apiNow());

/** A day of the seed's template summer (2027, as api/src/seed/seed.ts writes it) in the seeded summer. */
export const seedDay = (templateDay: string) => inSeedSummer(templateDay, apiNow());

/** The site's words for a seeded session's days, e.g. "5-16 July 2027" for the template's 2027-07-05 to 2027-07-16. */
export const seedDays = (first: string, last: string) => formatDateRange(seedDay(first), seedDay(last));

/** Junior Soccer Skills (seed class 1) and Competitive Swimming (3): their days in the template summer. */
export const SOCCER_DAYS = seedDays("2027-07-05", "2027-07-16");
export const SWIMMING_DAYS = seedDays("2027-07-12", "2027-07-23");
