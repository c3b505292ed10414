/*
 * The cart's SweetAlert2 dialogs (spec section 8). The library loads only when a delete button is
 * pressed, without the stylesheet it would inject into the page (the shell owns the base styles):
 * every part of the dialog gets this remote's utilities, inside an element with the scope class.
 */
import type { SweetAlertOptions } from "sweetalert2";
import { SCOPE_CLASS } from "../../components/scope";
import { actionColors } from "../../components/styles";

const ALERT_ROOT_ID = "mfe-student-alerts";

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

const button =
  "inline-flex min-w-28 cursor-pointer items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2";

const dialog: SweetAlertOptions = {
  buttonsStyling: false,
  heightAuto: false,
  scrollbarPadding: false,
  showClass: { popup: "" },
  hideClass: { popup: "" },
  // The trailing "!" keeps this look when SweetAlert2's own stylesheet is on the page too.
  customClass: {
    container: "fixed! inset-0! z-[1060]! flex! items-center! justify-center! overflow-y-auto! bg-slate-950/60! p-4!",
    popup:
      "relative grid w-full! max-w-md! justify-items-center gap-3! rounded-2xl! border-0! bg-white! px-6! py-8! text-center text-slate-800! shadow-2xl dark:bg-slate-900! dark:text-slate-100!",
    title: "m-0! p-0! font-display text-2xl! leading-tight! font-bold text-slate-900! dark:text-white!",
    htmlContainer: "m-0! p-0! text-base! leading-normal! text-slate-600! dark:text-slate-300!",
    actions: "m-0! mt-3! flex w-full! flex-wrap items-center justify-center gap-3! p-0!",
    confirmButton: `${button} m-0! ${actionColors} focus-visible:outline-orange-500`,
    cancelButton: `${button} m-0! border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100`,
    icon: "hidden!",
  },
};

async function swal() {
  return (await import("sweetalert2/dist/sweetalert2.esm.js")).default;
}

/** Spec section 8: the confirmation before a cart item is deleted. Resolves true on "Yes, delete it!". */
export async function confirmDelete(): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({
    ...dialog,
    target: alertRoot(),
    title: "Are you sure?",
    text: "You won't be able to revert this!",
    showCancelButton: true,
    confirmButtonText: "Yes, delete it!",
    cancelButtonText: "Cancel",
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** Spec section 8: after the server deleted the item. */
export async function showDeleted(): Promise<void> {
  const Swal = await swal();
  await Swal.fire({
    ...dialog,
    target: alertRoot(),
    title: "Deleted!",
    text: "Your file has been deleted.",
    confirmButtonText: "OK",
  });
}

/** The delete was refused or the server could not be reached. */
export async function showDeleteFailed(message: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ ...dialog, target: alertRoot(), title: "Not deleted", text: message, confirmButtonText: "OK" });
}
