/**
 * Moving a camper's seat to another class (decision 048): the old seat's payment carried to the
 * new one, the difference owed or given back, both calendars told. Other code uses it from here.
 */
export { transferRoutes } from "./routes.js";
