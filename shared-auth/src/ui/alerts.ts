// The declaration of the stylesheet-free build travels with this file into every app that compiles
// shared-auth (an ambient module cannot be imported, and an app's own env.d.ts would repeat it).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./sweetalert2-esm.d.ts" />
/*
 * What the remotes' SweetAlert2 dialogs share (spec section 8's confirmations and notices).
 *
 * The library loads on the first dialog, never with a page, and in the build without the stylesheet
 * its default build injects into the page (a :root block of tokens, rules on html and body, and a
 * print rule that hides the rest of the site): the shell owns the page's base styles. Every part of
 * the dialog gets utilities instead, and the dialog opens inside an element with the remote's scope
 * class, where that remote's utilities apply (decision 004).
 */
import type { SweetAlertOptions } from "sweetalert2";
import type SweetAlert from "sweetalert2";

/** SweetAlert2 (its default build without the stylesheet), loaded on first use in a chunk of its own. */
export function loadSweetAlert(): Promise<typeof SweetAlert> {
  return import("sweetalert2/dist/sweetalert2.esm.js").then((module) => module.default);
}

/**
 * The remote's element for dialogs: a direct child of <body>, so a modal dialog still hides the
 * rest of the page from screen readers, with the remote's scope class.
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

const button =
  "inline-flex min-w-28 cursor-pointer items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

/** The icon's circle; a dialog adds its colours (and the size of a text glyph). */
export const DIALOG_ICON = "m-0! flex h-16! w-16! items-center justify-center rounded-full border-4!";

/**
 * A centred modal dialog over a dimmed page, in the remote's alert root (`scopeClass`), with an
 * icon (its markup and the classes added to DIALOG_ICON) or none.
 */
export function dialogOptions(scopeClass: string, icon?: { html: string; className: string }): SweetAlertOptions {
  return {
    target: alertRoot(scopeClass),
    buttonsStyling: false,
    heightAuto: false,
    scrollbarPadding: false,
    showClass: { popup: "" },
    hideClass: { popup: "" },
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
      cancelButton: `${button} m-0! border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`,
      icon: icon ? `${DIALOG_ICON} ${icon.className}` : "hidden!",
    },
  };
}

/**
 * Spec section 8: the confirmation before a delete ("Are you sure?"). Resolves true on
 * "Yes, delete it!"; the cancel button has the focus.
 */
export async function confirmDelete(options: SweetAlertOptions): Promise<boolean> {
  const Swal = await loadSweetAlert();
  const result = await Swal.fire({
    ...options,
    title: "Are you sure?",
    text: "You won't be able to revert this!",
    showCancelButton: true,
    confirmButtonText: "Yes, delete it!",
    cancelButtonText: "Cancel",
    focusCancel: true,
  });
  return result.isConfirmed;
}
