import type { FirebaseApp } from "firebase/app";
import type { Auth } from "firebase/auth";
import { readAccessToken } from "./access-token";
import { errorMessage } from "./api-client";
import { academyStore } from "./store";

export type FirebaseAuthModule = typeof import("./firebase-sdk");

export interface FirebaseAuthHandle {
  auth: Auth;
  sdk: FirebaseAuthModule;
  /** True against the local Auth Emulator (no Google reachable: the account chooser replaces the popup). */
  emulator: boolean;
}

/** Thrown when the deploy has no Firebase config: accounts cannot work, the site still does. */
export class AccountsUnavailableError extends Error {
  constructor() {
    super("Accounts are not available on this site right now.");
  }
}

let loading: Promise<FirebaseAuthHandle> | null = null;
let firstLoad: (handle: FirebaseAuthHandle) => void = () => undefined;
const loaded = new Promise<FirebaseAuthHandle>((resolve) => {
  firstLoad = resolve;
});

/** Resolves when the Firebase SDK has loaded for the first time, whoever asked for it. */
export function whenFirebaseLoads(): Promise<FirebaseAuthHandle> {
  return loaded;
}

/**
 * Loads the Firebase SDK on first use, in chunks of its own: public pages paint without it.
 * The config comes from the deploy-time env.json the shell read (never from the URL).
 * `googlePopup`: the first load also sets up Google's popup (production only), so that the browser
 * can open it at once on a click (Safari and phones block a popup opened late).
 */
export function loadFirebaseAuth(options: { googlePopup?: boolean } = {}): Promise<FirebaseAuthHandle> {
  loading ??= (async () => {
    const env = academyStore.getState().env;
    if (!env?.firebase) throw new AccountsUnavailableError();
    const emulator = Boolean(env.authEmulatorUrl);
    const [{ initializeApp, getApps }, sdk] = await Promise.all([import("firebase/app"), import("./firebase-sdk")]);
    const app: FirebaseApp = getApps().find((a) => a.name === "academy") ?? initializeApp(env.firebase, "academy");
    // The identity library's network time-out (spec section 9): 30 s on desktop, 60 s on mobile is its default.
    const auth = sdk.initializeAuth(app, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
      popupRedirectResolver: options.googlePopup && !emulator ? sdk.browserPopupRedirectResolver : undefined,
    });
    if (env.authEmulatorUrl) sdk.connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
    // The stored user is restored before anyone reads `auth.currentUser` (settings, logout).
    await auth.authStateReady();
    // A Firebase user restored with no access token stored: this browser logged out and was left
    // (a link followed, the tab closed) before Firebase's own sign-out was done, or another tab
    // logged out. It stays logged out: following that user would sign the last person in again.
    if (auth.currentUser && !readAccessToken()) await sdk.signOut(auth);
    const handle = { auth, sdk, emulator };
    firstLoad(handle);
    return handle;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** What a person should read for a Firebase error (spec section 8), never a raw code. */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "auth/wrong-password":
    case "auth/user-not-found":
    case "auth/invalid-credential":
    case "auth/invalid-login-credentials":
    case "auth/invalid-email":
      return "The e-mail or password is not right.";
    case "auth/email-already-in-use":
      return "An account with this e-mail already exists. Log in instead.";
    case "auth/too-many-requests":
      return "Too many attempts. Wait a few minutes and try again.";
    case "auth/network-request-failed":
    case "auth/timeout":
      return "The sign-in service could not be reached. Check your connection and try again.";
    case "auth/weak-password":
      return "This password is too weak. Choose a stronger one.";
    case "auth/user-disabled":
      return "This account has been disabled. Contact the academy.";
    case "auth/popup-closed-by-user":
    case "auth/cancelled-popup-request":
      return "Google sign-in was cancelled.";
    case "auth/popup-blocked":
      return "The browser blocked the Google window. Allow pop-ups for this site and try again.";
    case "auth/requires-recent-login":
      return "For your security, log in again before changing this.";
    default:
      if (error instanceof AccountsUnavailableError) return error.message;
      return "Something went wrong while signing in. Please try again.";
  }
}

/** Any failure of an account action: Firebase's own errors by code, the API's by its message. */
export function accountErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("auth/")) return authErrorMessage(error);
  if (error instanceof AccountsUnavailableError) return error.message;
  if (error && typeof error === "object" && "isAxiosError" in error) return errorMessage(error);
  return error instanceof Error && error.message ? error.message : authErrorMessage(error);
}
