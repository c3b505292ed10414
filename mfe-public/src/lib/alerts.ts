/*
 * SweetAlert2 dialogs and toasts, styled with this remote's utilities.
 *
 * The package's default build injects its own stylesheet into the page: a :root block of tokens,
 * rules on html and body, and a print rule that hides the rest of the site. The shell owns the
 * page's base styles, so this remote loads the build without that stylesheet and gives every
 * part of the dialog utility classes instead (nothing here can restyle the shell). The dialogs
 * open inside an element of their own with this remote's scope class, where those utilities apply.
 */
import Swal from "sweetalert2/dist/sweetalert2.esm.js";
import type { SweetAlertOptions } from "sweetalert2";
import { formatSession, type CampSession } from "shared-auth";
import { SCOPE_CLASS } from "../components/scope";
import { actionColors } from "../components/form-styles";

const ALERT_ROOT_ID = "mfe-public-alerts";

/** A direct child of <body>, so a modal dialog still hides the rest of the page from screen readers. */
function alertRoot(): HTMLElement {
  let root = document.getElementById(ALERT_ROOT_ID);
  if (!root) {
    root = document.createElement("div");
    root.id = ALERT_ROOT_ID;
    root.className = SCOPE_CLASS;
    document.body.append(root);
  }
  return root;
}

const WARNING_ICON =
  '<svg viewBox="0 0 24 24" width="36" height="36" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" aria-hidden="true"><path d="M12 7v6"/><circle cx="12" cy="17" r="0.6" fill="currentColor"/></svg>';
const SUCCESS_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5"/></svg>';
const ERROR_ICON =
  '<svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" aria-hidden="true"><path d="M7 7l10 10M17 7L7 17"/></svg>';

const button =
  "inline-flex min-w-28 cursor-pointer items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

/** A centred modal dialog over a dimmed page. */
const dialogBase: SweetAlertOptions = {
  buttonsStyling: false,
  heightAuto: false,
  scrollbarPadding: false,
  showClass: { popup: "motion-safe:animate-[academy-pop_200ms_ease-out]" },
  hideClass: { popup: "" },
  // The trailing "!" keeps this look when SweetAlert2's own stylesheet is on the page too (the
  // shell's notices load it; it is not in a cascade layer, so plain utilities would lose to it).
  customClass: {
    container: "fixed! inset-0! z-[1060]! flex! items-center! justify-center! overflow-y-auto! bg-slate-950/60! p-4!",
    popup:
      "relative grid w-full! max-w-md! justify-items-center gap-3! rounded-2xl! border-0! bg-white! px-6! py-8! text-center text-slate-800! shadow-2xl dark:bg-slate-900! dark:text-slate-100!",
    title: "m-0! p-0! font-display text-2xl! leading-tight! font-bold text-slate-900! dark:text-white!",
    htmlContainer: "m-0! p-0! text-base! leading-normal! text-slate-600! dark:text-slate-300!",
    actions: "m-0! mt-3! flex w-full! flex-wrap items-center justify-center gap-3! p-0!",
    confirmButton: `${button} m-0! ${actionColors} focus-visible:outline-orange-500`,
    cancelButton: `${button} m-0! border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`,
    icon: "m-0! flex h-16! w-16! items-center justify-center rounded-full border-4!",
  },
};

/**
 * Spec section 5: a visitor who tries to book is told to log in. Resolves true when they chose
 * "Please Login!".
 */
export async function askToLogIn(): Promise<boolean> {
  const result = await Swal.fire({
    ...dialogBase,
    target: alertRoot(),
    title: "Please login Booking for Class",
    text: "Log in to put classes in your cart. You will come back to this page afterwards.",
    iconHtml: WARNING_ICON,
    customClass: {
      ...dialogBase.customClass,
      icon: `${dialogBase.customClass!.icon} border-amber-400! text-amber-500!`,
    },
    showCancelButton: true,
    confirmButtonText: "Please Login!",
    cancelButtonText: "Cancel",
  });
  return result.isConfirmed;
}

/**
 * Issue 15: the class being added meets at the same time as one the student already has. Resolves
 * true when they choose to add it anyway.
 */
export async function confirmOverlap(
  adding: CampSession & { class_name: string },
  clash: CampSession & { class_name: string },
  where: string,
): Promise<boolean> {
  const result = await Swal.fire({
    ...dialogBase,
    target: alertRoot(),
    title: "These classes overlap",
    text: `${adding.class_name} (${formatSession(adding)}) runs at the same time as ${clash.class_name} (${formatSession(clash)}), which ${where}. Add it anyway?`,
    iconHtml: WARNING_ICON,
    customClass: {
      ...dialogBase.customClass,
      icon: `${dialogBase.customClass!.icon} border-amber-400! text-amber-500!`,
    },
    showCancelButton: true,
    confirmButtonText: "Add anyway",
    cancelButtonText: "Cancel",
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** A refused booking or another failure the visitor should read. */
export function showProblem(title: string, text: string): void {
  void Swal.fire({
    ...dialogBase,
    target: alertRoot(),
    title,
    text,
    iconHtml: ERROR_ICON,
    customClass: { ...dialogBase.customClass, icon: `${dialogBase.customClass!.icon} border-red-400! text-red-500!` },
    confirmButtonText: "OK",
  });
}

/** Spec section 4: the toast after a class went into the cart, 1500 ms at the top-end. */
export const TOAST_MS = 1500;

/**
 * A polite live region at the top-end of the screen, just below the shell's navbar (4 rem high):
 * a toast there never hides the avatar, Logout or the cart badge it reports on. Each toast put in
 * it is read out once.
 */
function toastRegion(): HTMLElement {
  const root = alertRoot();
  let region = root.querySelector<HTMLElement>("[data-toast-region]");
  if (!region) {
    region = document.createElement("div");
    region.dataset.toastRegion = "";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.className =
      "pointer-events-none fixed top-20 right-4 left-4 z-[1070] flex flex-col items-end gap-2 sm:left-auto";
    root.append(region);
  }
  return region;
}

/*
 * The toast is this remote's own element, not a SweetAlert2 one: once the shell has shown a
 * SweetAlert2 notice, that library's stylesheet is on the page and restyles every `swal2-*`
 * element (it is not in a cascade layer, so it wins over utilities). The warning dialog above
 * sets everything it needs so it reads well either way; a toast built from utilities alone is
 * simply the same everywhere.
 */
export function toastSuccess(title: string): void {
  const toast = document.createElement("div");
  toast.className =
    "pointer-events-auto flex w-full items-center gap-3 rounded-xl border border-emerald-200 bg-white px-4 py-3 text-slate-800 shadow-xl sm:w-80 motion-safe:animate-[academy-pop_200ms_ease-out] dark:border-emerald-800 dark:bg-slate-900 dark:text-slate-100";
  const icon = document.createElement("span");
  icon.className = "flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white";
  icon.innerHTML = SUCCESS_ICON;
  const text = document.createElement("p");
  text.className = "text-sm font-semibold";
  text.textContent = title;
  toast.append(icon, text);
  toastRegion().append(toast);
  setTimeout(() => toast.remove(), TOAST_MS);
}
