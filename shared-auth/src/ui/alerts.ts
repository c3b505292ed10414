// The declaration of the stylesheet-free build travels with this file into every app that compiles
// shared-auth (an ambient module cannot be imported, and an app's own env.d.ts would repeat it).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./sweetalert2-esm.d.ts" />
/*
 * The site's one way to open a dialog or a toast (spec section 8's confirmations and notices).
 *
 * Every word a dialog shows is text, never markup: SweetAlert2 parses `title`, `html`,
 * `footer` and the button labels as HTML, so a student's name in "{name} is an Admin Now!" would
 * run as a script in the admin's page. The dialogs here take plain strings only and hand them to
 * SweetAlert2 as `titleText` and `text`, which it sets as text; the button labels it can only take
 * as HTML are escaped. The apps never see SweetAlert2 itself, and a lint rule
 * (tools/eslint-dialog-text.mjs) refuses anything but a literal in those options.
 *
 * The library loads on the first dialog, never with a page, and in the build without the stylesheet
 * its default build injects into the page (a :root block of tokens, rules on html and body, and a
 * print rule that hides the rest of the site): the shell owns the page's base styles. Every part of
 * the dialog gets utilities instead, and the dialog opens inside an element with the app's scope
 * class, where that app's utilities apply (decision 004).
 */
import type { SweetAlertOptions } from "sweetalert2";
import type SweetAlert from "sweetalert2";

/** SweetAlert2 (its default build without the stylesheet), loaded on first use in a chunk of its own. */
export function loadSweetAlert(): Promise<typeof SweetAlert> {
  return import("sweetalert2/dist/sweetalert2.esm.js").then((module) => module.default);
}

/** Starts loading the dialogs' library ahead of a dialog (while the caller loads its own styles). */
export function prepareDialogs(): Promise<void> {
  return loadSweetAlert().then(() => undefined);
}

/**
 * The app's element for dialogs: a direct child of <body>, so a modal dialog still hides the
 * rest of the page from screen readers, with the app's scope class.
 */
export function alertRoot(scopeClass: string): HTMLElement {
  const id = `${scopeClass}-alerts`;
  let root = document.getElementById(id);
  if (!root) {
    root = document.createElement("div");
    root.id = id;
    root.className = scopeClass;
    document.body.append(root);
  }
  return root;
}

/** A label SweetAlert2 can only set as HTML (a button's), escaped so that it shows as the text it is. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An icon: the app's own markup (a constant of its code, never user text) and its classes. */
export interface DialogIcon {
  html: string;
  className: string;
}

/** Where a dialog opens and how it looks: the app's scope class, its icon and its entrance. */
export interface DialogLook {
  scopeClass: string;
  /** Added to DIALOG_ICON's classes; no icon without it. */
  icon?: DialogIcon;
  /** The popup's classes while it opens (an animation of the app's sheet). */
  showClass?: string;
}

/** What a dialog says: every part plain text, shown as it is whatever it holds. */
export interface DialogText {
  title: string;
  text?: string;
  /** The confirm button's label ("OK" unless given). */
  confirm?: string;
  /** A cancel button with this label; none without it. */
  cancel?: string;
  /** A second way on, between confirm and cancel, with this label (showChoice answers "deny"); none without it. */
  deny?: string;
  /** The cancel button has the focus when the dialog opens (a destructive confirm). */
  focusCancel?: boolean;
  /** The dialog closes by itself after this many milliseconds, without buttons (spec section 9). */
  closeAfterMs?: number;
}

const button =
  "inline-flex min-w-28 cursor-pointer items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

/** The icon's circle; a dialog adds its colours (and the size of a text glyph). */
export const DIALOG_ICON = "m-0! flex h-16! w-16! items-center justify-center rounded-full border-4!";

/** A centred modal dialog over a dimmed page, in the app's alert root, with its icon or none. */
function dialogOptions({ scopeClass, icon, showClass = "" }: DialogLook): SweetAlertOptions {
  return {
    target: alertRoot(scopeClass),
    buttonsStyling: false,
    heightAuto: false,
    scrollbarPadding: false,
    showClass: { popup: showClass },
    hideClass: { popup: "" },
    // The icon is markup by nature: DialogIcon's is the app's own constant, never user text.
    // eslint-disable-next-line dialog-text/text-only
    ...(icon ? { iconHtml: icon.html } : {}),
    // The trailing "!" keeps this look even if SweetAlert2's own stylesheet is on the page (it is
    // not in a cascade layer, so plain utilities would lose to it). No app of the site loads it.
    customClass: {
      container: "fixed! inset-0! z-[1060]! flex! items-center! justify-center! overflow-y-auto! bg-slate-950/60! p-4!",
      popup:
        "relative grid w-full! max-w-md! justify-items-center gap-3! rounded-2xl! border-0! bg-white! px-6! py-8! text-center text-slate-800! shadow-2xl dark:bg-slate-900! dark:text-slate-100!",
      title: "m-0! p-0! font-display text-2xl! leading-tight! font-bold text-slate-900! dark:text-white!",
      htmlContainer: "m-0! p-0! text-base! leading-normal! text-slate-600! dark:text-slate-300!",
      actions: "m-0! mt-3! flex w-full! flex-wrap items-center justify-center gap-3! p-0!",
      confirmButton: `${button} m-0! bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-orange-500`,
      denyButton: `${button} m-0! border border-orange-700 bg-white text-orange-800 hover:bg-orange-50 focus-visible:outline-orange-500 dark:border-orange-400 dark:bg-slate-800 dark:text-orange-200 dark:hover:bg-slate-700`,
      cancelButton: `${button} m-0! border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`,
      icon: icon ? `${DIALOG_ICON} ${icon.className}` : "hidden!",
    },
  };
}

/**
 * Opens a modal dialog and resolves when it closes: true when its confirm button was chosen.
 * The title and the text are set as text (`titleText`, `text`), the button labels escaped.
 */
export async function showDialog(look: DialogLook, dialog: DialogText): Promise<boolean> {
  return (await showChoice(look, dialog)) === "confirm";
}

/** Which button closed a dialog: confirm, deny (its second way on), or none (cancel, Escape, a click outside). */
export type DialogChoice = "confirm" | "deny" | "dismiss";

/** A dialog with two ways on (`deny` given): which one was chosen. Otherwise as showDialog. */
export async function showChoice(look: DialogLook, dialog: DialogText): Promise<DialogChoice> {
  const Swal = await loadSweetAlert();
  const closesItself = dialog.closeAfterMs !== undefined;
  const result = await Swal.fire({
    ...dialogOptions(look),
    titleText: dialog.title,
    text: dialog.text ?? "",
    showConfirmButton: !closesItself,
    confirmButtonText: escapeHtml(dialog.confirm ?? "OK"),
    showCancelButton: dialog.cancel !== undefined,
    cancelButtonText: escapeHtml(dialog.cancel ?? "Cancel"),
    showDenyButton: dialog.deny !== undefined,
    denyButtonText: escapeHtml(dialog.deny ?? ""),
    focusCancel: dialog.focusCancel ?? false,
    ...(closesItself && { timer: dialog.closeAfterMs }),
  });
  return result.isConfirmed ? "confirm" : result.isDenied ? "deny" : "dismiss";
}

/**
 * Spec section 8: the confirmation before a delete ("Are you sure?"). Resolves true on
 * "Yes, delete it!"; the cancel button has the focus.
 */
export function confirmDelete(look: DialogLook): Promise<boolean> {
  return showDialog(look, {
    title: "Are you sure?",
    text: "You won't be able to revert this!",
    confirm: "Yes, delete it!",
    cancel: "Cancel",
    focusCancel: true,
  });
}

/** A toast's look: the app's classes for its region, its box, its icon and its words. */
export interface ToastLook {
  scopeClass: string;
  regionClassName: string;
  className: string;
  icon: DialogIcon;
  textClassName: string;
}

/**
 * A toast of the site's own (no library): a short text in a polite live region of the app's alert
 * root, read out once and removed after `ms`. The text is set as text.
 */
export function showToast(look: ToastLook, text: string, ms: number): void {
  const root = alertRoot(look.scopeClass);
  let region = root.querySelector<HTMLElement>("[data-toast-region]");
  if (!region) {
    region = document.createElement("div");
    region.dataset.toastRegion = "";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.className = look.regionClassName;
    root.append(region);
  }
  const toast = document.createElement("div");
  toast.className = look.className;
  const icon = document.createElement("span");
  icon.className = look.icon.className;
  // The app's own constant markup (DialogIcon), never user text.
  icon.innerHTML = look.icon.html;
  const words = document.createElement("p");
  words.className = look.textClassName;
  words.textContent = text;
  toast.append(icon, words);
  region.append(toast);
  setTimeout(() => toast.remove(), ms);
}
