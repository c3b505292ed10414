/**
 * Registration opening and the waitlist (decision 031): a full class's line, in strict order, offers
 * freed seats to the first entry that fits (siblings together), keeps them from everyone else while
 * anyone waits, and ends offers that run out. Booking frees and takes seats through this. Other
 * code uses it from here.
 */
export { waitlistRoutes, type WaitlistDeps } from "./routes.js";
export { expireOffers, fillFromLine, linkOrder, offeredClassIds, takeOffer, type LineOptions } from "./line.js";
export { familyWaitlistPlaces, leaveEveryLine, OFFER_RAN_OUT, offerToAccept } from "./family.js";
export { opensLater, registrationOpensText, ACADEMY_TIME_ZONE } from "./opening.js";
export { SEAT_COUNTS_SELECT, seatCounts, seatProblems } from "./invariants.js";
export { leaveLinesBookedAtDesk, notePassedOver } from "./desk.js";
