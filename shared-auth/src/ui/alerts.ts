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
 * class, where that app's utilities apply (decision 004). Those classes load with the library
 * (ui/dialog-fire.ts): no page carries them before its first dialog.
 */
import type SweetAlert from "sweetalert2";
import { alertRoot, type DialogIcon, type DialogLook, type DialogText } from "./dialog-parts";

export { alertRoot, DIALOG_ICON, escapeHtml, type DialogIcon, type DialogLook, type DialogText } from "./dialog-parts";

const dialogs = () => import("./dialog-fire");

/** SweetAlert2 (its default build without the stylesheet), loaded on first use in a chunk of its own. */
export function loadSweetAlert(): Promise<typeof SweetAlert> {
  return dialogs().then((module) => module.Swal);
}

/** Starts loading the dialogs' library ahead of a dialog (while the caller loads its own styles). */
export function prepareDialogs(): Promise<void> {
  return loadSweetAlert().then(() => undefined);
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
  return (await dialogs()).fireChoice(look, dialog);
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
