/**
 * The front desk (decision 047): the office registers families, books for them and records money
 * that is not a card; families claim the account and pay what is owed. Other code uses it from here.
 */
export { frontDeskRoutes } from "./routes.js";
export { deskFamilyRoutes } from "./family-routes.js";
export { remindBalancesDue } from "./reminders.js";
export { logOffice } from "./log.js";
