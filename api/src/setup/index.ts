/** A new installation's first-run setup: the academy's name and its first admin, with a token from the log. */
export { setupRoutes } from "./routes.js";
export { setupToken, setupWatch } from "./token.js";
