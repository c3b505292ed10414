/**
 * Payment plans (decision 040): the plans admins offer (a deposit today, the rest in
 * instalments) and the pure rule that splits a cart into a schedule. Other code uses plans from here.
 */
export { paymentPlanRoutes } from "./routes.js";
export { addDays, daysBetween, offerProblem, planSchedule, termsProblem } from "./schedule.js";
export type { Due, PlanTerms, SchedulePart, SeatInput, Share } from "./schedule.js";
export { planSummary } from "./words.js";
export { plansOffered, type PlanOffer } from "./offers.js";
