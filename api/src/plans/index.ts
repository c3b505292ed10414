/**
 * Payment plans (decision 040): the plans admins offer (a deposit today, the rest in
 * instalments) and the pure rule that splits a cart into a schedule. Other code uses plans from here.
 */
export { paymentPlanRoutes } from "./routes.js";
export { addDays, daysBetween, offerProblem, planSchedule, termsProblem } from "./schedule.js";
export type { Due, PlanTerms, SchedulePart, SeatInput, Share } from "./schedule.js";
export { planSummary } from "./words.js";
export { plansOffered, type PlanOffer } from "./offers.js";
export { agreePlan, planConsent, seatKey } from "./agree.js";
export { familyCustomer, type CustomerMaker } from "./customers.js";
export { cancelSeatInstalments, scheduleInstalments } from "./instalments.js";
export {
  beingCharged,
  chargeDueInstalments,
  instalmentCharger,
  CLAIM_LOST_MS,
  type ChargingDeps,
  type SavedCardCharger,
} from "./charging.js";
export { balanceRoutes } from "./balance-routes.js";
export { officeRoutes } from "./office-routes.js";
export type { CardSetup, CardSetups, FamilyIntents, PlanIntent } from "./intents.js";
export { settleInstalmentIntent } from "./family-pay.js";
export { loadPlanSettings, type PlanSettings } from "./settings.js";
