import { randomUUID } from "node:crypto";
import type { Agent } from "node:http";
import { initializeApp, deleteApp, type App, type Credential } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import type { ApiConfig } from "../platform/config.js";

/** What POST /jwt trusts about a signed-in Firebase user, read from a verified ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  /** Firebase's `email_verified` claim: the address was confirmed (or Google vouches for it). */
  emailVerified: boolean;
  /** When the person last entered their password (or signed in with Google): seconds since the epoch. */
  authTime: number;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
  /** Deletes the sign-in of this e-mail; false when there is none. */
  deleteAccount(email: string): Promise<boolean>;
  /**
   * Signs this e-mail's account out everywhere in Firebase (its refresh tokens end, and ID tokens
   * issued before are refused by `verify`); false when there is no such account.
   */
  revokeSessions(email: string): Promise<boolean>;
  /** The e-mail of the Firebase account with this uid now; undefined when there is no such account. */
  currentEmail(uid: string): Promise<string | null | undefined>;
  /** Deletes the Firebase account with this uid; false when it was already gone. */
  deleteByUid(uid: string): Promise<boolean>;
  /**
   * A sign-in for an address the office registered (decision 047), without a password: the
   * existing account's uid when the address has one already (a retry after a failed save).
   */
  createAccount(email: string, name: string): Promise<string>;
  /**
   * For the person who opened the office's claim link: the account's address marked confirmed
   * (the link reached that mailbox) and a fresh password-reset code, which the browser gives to
   * Firebase with the new password. The password never passes through the API.
   */
  claimCode(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A token Firebase did not sign, one that expired, or the token of an account that has since been
 * disabled, deleted or signed out everywhere: the caller is not signed in. The message is
 * firebase-admin's code (auth/user-disabled, auth/user-not-found, auth/id-token-revoked, ...).
 */
export class InvalidIdTokenError extends Error {
  /** The account itself is disabled (not merely a stale token): signing in again will not help. */
  get accountDisabled(): boolean {
    return this.message === "auth/user-disabled";
  }
}

/** The identity provider (Google's key server, the Auth Emulator) could not be reached: nobody can sign in now. */
export class IdentityProviderUnavailableError extends Error {}

/**
 * firebase-admin reports a provider it cannot reach in two ways: as `app/network-*` (the account
 * look-up against the emulator), or, when Google's public keys cannot be fetched, as an
 * `auth/argument-error` whose message is the failed request's: the token itself was never judged.
 */
function providerUnreachable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "app/network-error" || code === "app/network-timeout" || code === "auth/internal-error") return true;
  return (
    typeof message === "string" &&
    /^(Error while making request|Error fetching public keys|Error fetching Json Web Keys)/.test(message)
  );
}

/**
 * Verifies Firebase ID tokens with firebase-admin (signature, audience = the project, issuer,
 * expiry), and asks Firebase whether the account still exists, is enabled and was not signed out
 * everywhere since the token was issued (checkRevoked): an ID token otherwise stays valid for up
 * to an hour after its account was disabled or deleted. That look-up needs the service account's
 * credentials (application default credentials), as deleting accounts does. Against the local
 * emulator the Admin SDK reads FIREBASE_AUTH_EMULATOR_HOST from the environment; the config
 * refuses that variable in production.
 */
export function createFirebaseVerifier(
  config: Pick<ApiConfig, "firebaseProjectId"> & Partial<Pick<ApiConfig, "firebaseAuthEmulatorHost">>,
  /**
   * httpAgent: how the SDK reaches Google (e.g. through a proxy's agent); credential: the service
   * account's, instead of the application default credentials.
   */
  options: { httpAgent?: Agent; credential?: Credential } = {},
) {
  if (config.firebaseAuthEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  let app: App | null = null;
  const auth = () => {
    app ??= initializeApp(
      {
        projectId: config.firebaseProjectId,
        ...(options.httpAgent && { httpAgent: options.httpAgent }),
        ...(options.credential && { credential: options.credential }),
      },
      `api-${randomUUID()}`,
    );
    return getAuth(app);
  };
  return {
    async verify(idToken: string): Promise<VerifiedIdentity> {
      let decoded;
      try {
        decoded = await auth().verifyIdToken(idToken, /* checkRevoked */ true);
      } catch (error) {
        if (providerUnreachable(error)) throw new IdentityProviderUnavailableError(String(error), { cause: error });
        const code = (error as { code?: unknown }).code;
        if (typeof code === "string" && code.startsWith("auth/")) throw new InvalidIdTokenError(code);
        throw error;
      }
      const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
      return {
        uid: decoded.uid,
        email: text(decoded.email),
        name: text(decoded.name),
        picture: text(decoded.picture),
        emailVerified: decoded.email_verified === true,
        authTime: decoded.auth_time,
      };
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
    async revokeSessions(email: string): Promise<boolean> {
      try {
        const account = await auth().getUserByEmail(email);
        await auth().revokeRefreshTokens(account.uid);
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === "auth/user-not-found") return false;
        throw error;
      }
    },
    async currentEmail(uid: string): Promise<string | null | undefined> {
      try {
        return (await auth().getUser(uid)).email?.toLowerCase() ?? null;
      } catch (error) {
        if ((error as { code?: unknown }).code === "auth/user-not-found") return undefined;
        throw error;
      }
    },
    async deleteByUid(uid: string): Promise<boolean> {
      try {
        await auth().deleteUser(uid);
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === "auth/user-not-found") return false;
        throw error;
      }
    },
    async createAccount(email: string, name: string): Promise<string> {
      try {
        return (await auth().createUser({ email, displayName: name, emailVerified: false })).uid;
      } catch (error) {
        if ((error as { code?: unknown }).code !== "auth/email-already-exists") throw error;
        return (await auth().getUserByEmail(email)).uid;
      }
    },
    async claimCode(email: string): Promise<string> {
      const account = await auth().getUserByEmail(email);
      if (!account.emailVerified) await auth().updateUser(account.uid, { emailVerified: true });
      const link = await auth().generatePasswordResetLink(email);
      const code = new URL(link).searchParams.get("oobCode");
      if (!code) throw new Error("Firebase's password-reset link had no code");
      return code;
    },
    async close() {
      if (app) await deleteApp(app);
      app = null;
    },
  } satisfies IdTokenVerifier;
}
