/** The admin's paged class table and the academy's figures. */
export { adminRoutes } from "./routes.js";
