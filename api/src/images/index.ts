/** Images: uploads (re-encoded to WebP, content-addressed) and the seed data's artwork. */
export { assertImageAvailable, imageRoutes } from "./routes.js";
export { seedImageRoutes } from "./seed-images.js";
