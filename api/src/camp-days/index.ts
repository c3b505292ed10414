/**
 * Camp days: who may collect each camper (with PINs), and each camper's day in a class (check-in,
 * absence, check-out). Other code uses it from here.
 */
export { pickupRoutes } from "./pickup-routes.js";
export { todayRoutes } from "./today-routes.js";
export { campDayFamilyRoutes } from "./family-routes.js";
export { classMessageRoutes } from "./message-routes.js";
export { campDayReportRoutes } from "./report-routes.js";
