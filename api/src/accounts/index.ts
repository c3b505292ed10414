/**
 * Accounts: signing in (a Firebase ID token for the API's token), signing out and ended sessions,
 * users and their roles. Other code uses it from here.
 */
export { createFirebaseVerifier, type IdTokenVerifier } from "./firebase.js";
export { accountRoutes } from "./account-routes.js";
export { authRoutes } from "./sign-in-routes.js";
export { sessionRoutes } from "./session-routes.js";
export { userRoutes } from "./user-routes.js";
export { userToWire } from "./users.js";
