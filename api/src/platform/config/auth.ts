import { DEV_SECRET, refusePublished } from "./published-secrets.js";
import { weakness } from "./secret-strength.js";

/** Sign-in: the secret that signs the API's own access tokens, and the Firebase project behind POST /jwt. */

/** JWT_SECRET: in production, set, long, not published and not repetitive. */
export function readJwtSecret(env: NodeJS.ProcessEnv, production: boolean): string {
  const jwtSecret = env.JWT_SECRET ?? (production ? "" : DEV_SECRET);
  if (production && jwtSecret.length < 32) {
    throw new Error("JWT_SECRET must be set to at least 32 characters in production");
  }
  refusePublished(production, "JWT_SECRET", jwtSecret);
  // "x" 40 times is 40 characters but no secret: a random value has many different characters.
  const reason = production
    ? weakness(
        [...jwtSecret].map((c) => c.charCodeAt(0)),
        10,
      )
    : undefined;
  if (reason) {
    throw new Error(
      `JWT_SECRET is too repetitive to be a secret (${reason}): use a random value (e.g. openssl rand -hex 32)`,
    );
  }
  return jwtSecret;
}

/** FIREBASE_AUTH_EMULATOR_HOST: the local emulator, never in production. */
export function readFirebaseAuthEmulatorHost(env: NodeJS.ProcessEnv, production: boolean): string | undefined {
  const firebaseAuthEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
  if (production && firebaseAuthEmulatorHost) {
    // firebase-admin accepts unsigned ID tokens when this is set: anyone could sign in as anyone.
    throw new Error("FIREBASE_AUTH_EMULATOR_HOST must not be set in production (it disables token signatures)");
  }
  return firebaseAuthEmulatorHost;
}

/** FIREBASE_PROJECT_ID: the project whose ID tokens POST /jwt accepts. */
export function readFirebaseProjectId(env: NodeJS.ProcessEnv, production: boolean): string {
  const firebaseProjectId = env.FIREBASE_PROJECT_ID ?? (production ? "" : "demo-academy");
  if (production && !firebaseProjectId) throw new Error("FIREBASE_PROJECT_ID must be set in production");
  return firebaseProjectId;
}
