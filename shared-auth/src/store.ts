import { createStore, useStore } from "zustand";
import { STARTING_ACADEMY, type AcademyFacts } from "./academy-facts";

export type Role = "admin" | "instructor" | "student";
export type Theme = "light" | "dark";

export interface SessionUser {
  email: string;
  displayName: string | null;
  photoURL: string | null;
  /**
   * The API's word on whether the address is confirmed (a student pays only then: decision 028);
   * undefined until the API has said.
   */
  emailVerified?: boolean;
}

/**
 * "loading" until the shell has decided who is signed in; guards wait for it.
 * The shell settles it once Firebase has said who is signed in and the API token is saved.
 */
export type SessionStatus = "loading" | "signed-out" | "signed-in";

export interface AcademyState {
  status: SessionStatus;
  user: SessionUser | null;
  role: Role | null;
  /** Why the last attempt to start a session failed (shown on the login page), else null. */
  sessionError: string | null;
  theme: Theme;
  /** Deploy-time settings the shell read from /env.json (API base URL, ...). */
  env: RuntimeEnv | null;
  /** The academy's name, contacts and words as last read from the API (decision 051). */
  academy: AcademyFacts;
}

export interface RuntimeEnv {
  apiUrl: string;
  /** The Firebase web app's public config; without it accounts are unavailable. */
  firebase?: FirebaseWebConfig;
  /** Local runs and tests only: the Firebase Auth Emulator's URL. */
  authEmulatorUrl?: string;
  /** Card payments: Stripe's publishable key; without it the payment pages say payments are unavailable. */
  payments?: PaymentsConfig;
}

export interface PaymentsConfig {
  /** pk_live_... or pk_test_... */
  publishableKey: string;
  /** Local runs and tests only: the payment sandbox the card form talks to instead of Stripe. */
  sandboxUrl?: string;
  /**
   * Local runs and tests only: the payment sandbox's Stripe.js-compatible script, loaded before
   * `loadStripe` (which then uses its `window.Stripe`). Absent in production: Stripe.js comes from Stripe.
   */
  stripeJsUrl?: string;
}

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
}

const THEME_KEY = "academy-theme";

function initialTheme(): Theme {
  try {
    const saved = globalThis.localStorage?.getItem(THEME_KEY);
    if (saved === "light" || saved === "dark") return saved;
  } catch {
    // Storage can be disabled (private mode); fall back to the default.
  }
  return "light";
}

/** Where the last answer of `GET /academy` is kept, so a later visit paints the academy's own facts at once. */
export const ACADEMY_FACTS_KEY = "academy-facts";

function rememberedFacts(): AcademyFacts {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(ACADEMY_FACTS_KEY) ?? "null") as AcademyFacts | null;
    if (typeof saved?.name === "string" && Array.isArray(saved.addressLines)) return saved;
  } catch {
    // Unreadable or unavailable storage: the starting facts until the API answers.
  }
  return STARTING_ACADEMY;
}

export function createAcademyStore() {
  return createStore<AcademyState>()(() => ({
    status: "loading",
    user: null,
    role: null,
    sessionError: null,
    theme: initialTheme(),
    env: null,
    academy: rememberedFacts(),
  }));
}

/** The one store of the page (vanilla, so plain code outside React can read it too). */
export const academyStore = createAcademyStore();

export function useAcademy<T>(selector: (state: AcademyState) => T): T {
  return useStore(academyStore, selector);
}

export function setTheme(theme: Theme): void {
  academyStore.setState({ theme });
  try {
    globalThis.localStorage?.setItem(THEME_KEY, theme);
  } catch {
    // Not remembered when storage is unavailable; the toggle still works.
  }
}

/** The academy's facts as the page should show them now. */
export const useAcademyFacts = (): AcademyFacts => useAcademy((s) => s.academy);

export function setRuntimeEnv(env: RuntimeEnv): void {
  academyStore.setState({ env });
}
