/** The database's tables (drizzle), by area; migrations are generated from them (drizzle-kit). */
export * from "./schema/values.js";
export * from "./schema/users-and-classes.js";
export * from "./schema/bookings.js";
export * from "./schema/service.js";
export * from "./schema/families.js";
export * from "./schema/waitlist.js";
export * from "./schema/notifications.js";
export * from "./schema/refunds.js";
export * from "./schema/discounts.js";
export * from "./schema/class-reviews.js";
export * from "./schema/payment-plans.js";
export * from "./schema/instalments.js";
export * from "./schema/waiting-room.js";
export * from "./schema/guardians.js";
export * from "./schema/forms.js";
export * from "./schema/camp-days.js";
export * from "./schema/front-desk.js";
