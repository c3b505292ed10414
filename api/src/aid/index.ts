/**
 * Financial aid (decision 050): seasons with a budget, families' applications per camper, awards
 * taken off that camper's seats at checkout. Other code uses aid from here.
 */
export { aidRoutes } from "./routes.js";
export { aidCredits, recordAidUses } from "./credits.js";
