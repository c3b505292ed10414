/** The seed data (users, instructors, classes, the families enrolled in them), its calendar on the API's clock, and the scale data. */
export { seed, seedClassDates, seedIfEmpty, SEED_FAMILIES, SEED_USERS } from "./seed.js";
export { campOpening, inSeedSummer, MIN_LEAD_DAYS, seedSummer, TEMPLATE_SUMMER } from "./calendar.js";
export { seedScale } from "./scale-data.js";
