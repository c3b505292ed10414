/** The admin's paged class table, the academy's figures and the office's exports (enrolments, payments, refunds). */
export { adminRoutes } from "./routes.js";
export { officeExportRoutes } from "./export-routes.js";
