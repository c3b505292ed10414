import { randomUUID } from "node:crypto";
import { initializeApp, deleteApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import type { ApiConfig } from "../config.js";

/** What POST /jwt trusts about a signed-in Firebase user, read from a verified ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
  /** Deletes the sign-in of this e-mail; false when there is none. */
  deleteAccount(email: string): Promise<boolean>;
  close(): Promise<void>;
}

/** A token Firebase did not sign, or one that expired: the caller is not signed in. */
export class InvalidIdTokenError extends Error {}

/**
 * Verifies Firebase ID tokens with firebase-admin (signature, audience = the project, issuer,
 * expiry). Against the local emulator the Admin SDK reads FIREBASE_AUTH_EMULATOR_HOST from the
 * environment; the config refuses that variable in production.
 */
export function createFirebaseVerifier(config: Pick<ApiConfig, "firebaseProjectId" | "firebaseAuthEmulatorHost">) {
  if (config.firebaseAuthEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  let app: App | null = null;
  const auth = () => {
    app ??= initializeApp({ projectId: config.firebaseProjectId }, `api-${randomUUID()}`);
    return getAuth(app);
  };
  return {
    async verify(idToken: string): Promise<VerifiedIdentity> {
      let decoded;
      try {
        decoded = await auth().verifyIdToken(idToken);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === "string" && code.startsWith("auth/")) throw new InvalidIdTokenError(code);
        throw error;
      }
      const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
      return { uid: decoded.uid, email: text(decoded.email), name: text(decoded.name), picture: text(decoded.picture) };
    },
    async deleteAccount(email: string): Promise<boolean> {
      try {
        const account = await auth().getUserByEmail(email);
        await auth().deleteUser(account.uid);
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === "auth/user-not-found") return false;
        throw error;
      }
    },
    async close() {
      if (app) await deleteApp(app);
      app = null;
    },
  } satisfies IdTokenVerifier;
}
