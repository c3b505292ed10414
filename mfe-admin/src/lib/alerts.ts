/*
 * The spec's notices and delete confirmation (section 8) as SweetAlert2 dialogs. The library is
 * loaded on the first notice, not with the page, and without the stylesheet its default build
 * injects (the shell owns the page's base styles): every part gets this remote's utilities and
 * opens inside an element with this remote's scope class (see mfe-public/src/lib/alerts.ts).
 */
import type { SweetAlertOptions } from "sweetalert2";
import { SCOPE_CLASS } from "../components/scope";

const loadSwal = () => import("sweetalert2/dist/sweetalert2.esm.js").then((m) => m.default);

/** A direct child of <body>, so a modal dialog hides the rest of the page from screen readers. */
function alertRoot(): HTMLElement {
  let root = document.getElementById("mfe-admin-alerts");
  if (!root) {
    root = document.createElement("div");
    root.id = "mfe-admin-alerts";
    root.className = SCOPE_CLASS;
    document.body.append(root);
  }
  return root;
}

const button =
  "inline-flex min-w-28 cursor-pointer items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2";

const icon = "m-0! flex h-16! w-16! items-center justify-center rounded-full border-4! text-3xl! font-bold";

function options(kind: "success" | "warning" | "error"): SweetAlertOptions {
  const tone = {
    success: "border-emerald-400! text-emerald-600!",
    warning: "border-amber-400! text-amber-600!",
    error: "border-red-400! text-red-600!",
  }[kind];
  return {
    target: alertRoot(),
    buttonsStyling: false,
    heightAuto: false,
    scrollbarPadding: false,
    iconHtml: { success: "✓", warning: "!", error: "×" }[kind],
    showClass: { popup: "" },
    hideClass: { popup: "" },
    customClass: {
      container: "fixed! inset-0! z-[1060]! flex! items-center! justify-center! bg-slate-950/60! p-4!",
      popup:
        "relative grid w-full! max-w-md! justify-items-center gap-3! rounded-2xl! bg-white! px-6! py-8! text-center text-slate-800! shadow-2xl dark:bg-slate-900! dark:text-slate-100!",
      title: "m-0! p-0! font-display text-2xl! font-bold text-slate-900! dark:text-white!",
      htmlContainer: "m-0! p-0! text-base! text-slate-600! dark:text-slate-300!",
      actions: "m-0! mt-3! flex w-full! flex-wrap justify-center gap-3! p-0!",
      confirmButton: `${button} m-0! bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-orange-700`,
      cancelButton: `${button} m-0! border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100`,
      icon: `${icon} ${tone}`,
    },
  };
}

/** Spec section 9: success dialogs close by themselves after 1500 ms. */
const NOTICE_MS = 1500;

/** A success notice in the spec's words (e.g. "Are You Approve this Class Now!"). */
export async function notifySuccess(title: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ ...options("success"), title, timer: NOTICE_MS, showConfirmButton: false });
}

/** Spec section 8: the confirmation before any delete. Resolves true when confirmed. */
export async function confirmDelete(): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    ...options("warning"),
    title: "Are you sure?",
    text: "You won't be able to revert this!",
    showCancelButton: true,
    confirmButtonText: "Yes, delete it!",
    cancelButtonText: "Cancel",
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** Spec section 8: after a delete. */
export async function notifyDeleted(): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    ...options("success"),
    title: "Deleted!",
    text: "Your file has been deleted.",
    timer: NOTICE_MS,
    showConfirmButton: false,
  });
}

/** A refused action: the API's reason in its own words. */
export async function showFailure(title: string, reason: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ ...options("error"), title, text: reason, confirmButtonText: "OK" });
}
