/** Images: uploads (re-encoded to WebP, content-addressed) and the seed data's artwork. */
export { assertImageAvailable, imageRoutes, megabytes, uploadError } from "./routes.js";
export { toWebp } from "./processing.js";
export { seedImageRoutes } from "./seed-images.js";
