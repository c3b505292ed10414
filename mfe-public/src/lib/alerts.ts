/*
 * Dialogs and toasts in this remote's scope, through shared-auth's dialogs: every part of them is
 * text. The library loads on the first dialog, not with the class lists (shared-auth's
 * alerts say how the dialogs are styled).
 */
import {
  formatSession,
  showChoice,
  showDialog,
  showToast,
  type CampSession,
  type DialogIcon,
  type DialogLook,
  type ToastLook,
} from "shared-auth";
import { SCOPE_CLASS } from "../components/scope";

const WARNING_ICON =
  '<svg viewBox="0 0 24 24" width="36" height="36" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" aria-hidden="true"><path d="M12 7v6"/><circle cx="12" cy="17" r="0.6" fill="currentColor"/></svg>';
export const SUCCESS_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5"/></svg>';
const ERROR_ICON =
  '<svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" aria-hidden="true"><path d="M7 7l10 10M17 7L7 17"/></svg>';

/** A centred modal dialog over a dimmed page that pops in (the keyframes are this remote's). */
export const dialog = (icon: DialogIcon): DialogLook => ({
  scopeClass: SCOPE_CLASS,
  icon,
  showClass: "motion-safe:animate-[academy-pop_200ms_ease-out]",
});

export const warning = dialog({ html: WARNING_ICON, className: "border-amber-400! text-amber-500!" });

/**
 * Spec section 5: a visitor who tries to book is told to log in ("Please Login!"); a visitor
 * without an account may sign up instead. Resolves with where they chose to go, or null.
 */
export async function askToLogIn(): Promise<"/login" | "/signup" | null> {
  const choice = await showChoice(warning, {
    title: "Please login Booking for Class",
    text: "Log in to put classes in your cart, or sign up if you have no account yet. You will come back to this page afterwards.",
    confirm: "Please Login!",
    deny: "Sign up",
    cancel: "Cancel",
  });
  return choice === "confirm" ? "/login" : choice === "deny" ? "/signup" : null;
}

/**
 * The class being added meets at the same time as one the student already
 * has. The server refuses a camper two classes at the same time, so this says why before asking it
 * and offers the cart, where one of the two can be removed (`inCart`); it resolves true when the
 * student chose to open it. The class names are instructors' text: shown as text.
 */
export function explainOverlap(
  adding: CampSession & { class_name: string },
  clash: CampSession & { class_name: string },
  inCart: boolean,
): Promise<boolean> {
  const where = inCart ? "is already in your cart" : "you are enrolled in";
  const fix = inCart ? ": remove one of them from your cart first." : ".";
  return showDialog(warning, {
    title: "These classes overlap",
    text: `${adding.class_name} (${formatSession(adding)}) runs at the same time as ${clash.class_name} (${formatSession(clash)}), which ${where}. You cannot take two classes at the same time${fix}`,
    ...(inCart ? { confirm: "Open my cart", cancel: "Cancel", focusCancel: true } : { confirm: "OK" }),
  });
}

/**
 * A refused booking or another failure the visitor should read. `fix` names the page that mends it
 * (its button beside "Not now"); it resolves true when the visitor chose that page.
 */
export function showProblem(title: string, text: string, fix?: string): Promise<boolean> {
  return showDialog(dialog({ html: ERROR_ICON, className: "border-red-400! text-red-500!" }), {
    title,
    text,
    ...(fix ? { confirm: fix, cancel: "Not now" } : { confirm: "OK" }),
  });
}

/** Spec section 4: the toast after a class went into the cart, 1500 ms at the top-end. */
export const TOAST_MS = 1500;

/*
 * The toast is shared-auth's plain element, not a SweetAlert2 one: built from this remote's
 * utilities alone, it loads no library and looks the same on every page. Its polite live region
 * sits at the top-end of the screen, just below the shell's navbar (4 rem high): a toast there never
 * hides the avatar, Logout or the cart badge it reports on. Each toast put in it is read out once.
 */
const TOAST: ToastLook = {
  scopeClass: SCOPE_CLASS,
  regionClassName:
    "pointer-events-none fixed top-20 right-4 left-4 z-[1070] flex flex-col items-end gap-2 sm:left-auto",
  className:
    "pointer-events-auto flex w-full items-center gap-3 rounded-xl border border-emerald-200 bg-white px-4 py-3 text-slate-800 shadow-xl sm:w-80 motion-safe:animate-[academy-pop_200ms_ease-out] dark:border-emerald-800 dark:bg-slate-900 dark:text-slate-100",
  icon: {
    html: SUCCESS_ICON,
    className: "flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white",
  },
  textClassName: "text-sm font-semibold",
};

export function toastSuccess(title: string): void {
  showToast(TOAST, title, TOAST_MS);
}
