/** Messages from visitors: the contact form and newsletter subscriptions (read by admins). */
export { contactRoutes } from "./contact-routes.js";
export { newsletterRoutes } from "./newsletter-routes.js";
