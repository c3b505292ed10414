/**
 * Year-end statements (decision 049): what a family paid for each child in a year, less refunds,
 * with the academy's tax id, as a page and a PDF. Other code uses it from here.
 */
export { statementRoutes } from "./routes.js";
