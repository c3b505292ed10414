/**
 * The academy's own facts (decision 051): its name, address, contacts, tax id, season and links,
 * kept in the database and changed by admins. Other code uses them from here.
 */
export { academyRoutes } from "./routes.js";
export { academyFacts, addressOnOneLine, STARTING_FACTS, type AcademyFacts } from "./facts.js";
export { loadFacts, refreshFacts, saveFacts } from "./store.js";
export { academyBody } from "./answers.js";
