/**
 * Families (decision 030): the campers a family books seats for, whether a camper may take a seat
 * (ages, overlapping sessions, an emergency contact), their sealed medical and contact details,
 * and the record of every staff read of them. Other code uses it from here.
 */
export { addCamper, camperRoutes, type CamperDeps, type FamilyDataDeps } from "./routes.js";
export type { WaitlistPlace } from "./answers.js";
export { camperExportRoutes } from "./export-route.js";
export { camperStaffRoutes } from "./staff-routes.js";
export {
  checkoutProblem,
  classSchedule,
  eligibilityProblem,
  scheduleColumns,
  type ClassSchedule,
} from "./eligibility.js";
export { ownCamper, selfCamper, camperName, type CamperRow } from "./store.js";
export { campersWithMedical, recordReads, rosterCampers, type RosterCamper } from "./staff.js";
export { newCamper } from "./fields.js";
