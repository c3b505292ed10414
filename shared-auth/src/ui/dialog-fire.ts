// The declaration of the stylesheet-free build travels with this file into every app that compiles
// shared-auth (an ambient module cannot be imported, and an app's own env.d.ts would repeat it).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./sweetalert2-esm.d.ts" />
/*
 * A dialog as SweetAlert2 shows it, in a chunk of its own with the library (ui/alerts.ts loads it on
 * the first dialog): the site's look for every part of it, and the words set as text.
 */
import type { SweetAlertOptions } from "sweetalert2";
import Swal from "sweetalert2/dist/sweetalert2.esm.js";
import { alertRoot, DIALOG_ICON, escapeHtml, type DialogLook, type DialogText } from "./dialog-parts";

export { Swal };

const button =
  "inline-flex min-w-28 cursor-pointer items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

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

/** Opens the dialog and answers which button closed it (alerts.ts's showChoice). */
export async function fireChoice(look: DialogLook, dialog: DialogText): Promise<"confirm" | "deny" | "dismiss"> {
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
