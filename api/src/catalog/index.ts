/**
 * The catalog: classes and their camp sessions, instructors' public pages, the public paged lists
 * and their cache, an instructor's own classes, roster and revenue. Other code uses it from here.
 */
export { classRoutes } from "./class-routes.js";
export { classRevenueRoutes } from "./revenue-routes.js";
export { instructorRoutes } from "./instructor-routes.js";
export { classColumns, classToWire, selectClasses } from "./classes.js";
export { classItem, staffClass, totalPage } from "./answers.js";
export { hasStarted, MESSAGES as SESSION_MESSAGES } from "./camp-session.js";
export { bumpCacheVersions, COMPRESS_THRESHOLD, PublicCache } from "./public-cache.js";
export { FrontPath, putInFront } from "./front-path.js";
