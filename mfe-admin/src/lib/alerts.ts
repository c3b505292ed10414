/*
 * The spec's notices and delete confirmation (section 8) as SweetAlert2 dialogs in this remote's
 * scope. The library is loaded on the first notice, not with the page (shared-auth's alerts say how
 * the dialogs are styled).
 */
import { confirmDelete as confirm, dialogOptions, loadSweetAlert } from "shared-auth";
import { SCOPE_CLASS } from "../components/scope";

/** Each kind of notice's icon: a glyph in a circle of its colour. */
const ICONS = {
  success: { html: "✓", className: "text-3xl! font-bold border-emerald-400! text-emerald-600!" },
  warning: { html: "!", className: "text-3xl! font-bold border-amber-400! text-amber-600!" },
  error: { html: "×", className: "text-3xl! font-bold border-red-400! text-red-600!" },
};

const options = (kind: keyof typeof ICONS) => dialogOptions(SCOPE_CLASS, ICONS[kind]);

/** Spec section 9: success dialogs close by themselves after 1500 ms. */
const NOTICE_MS = 1500;

/** A success notice in the spec's words (e.g. "Are You Approve this Class Now!"). */
export async function notifySuccess(title: string): Promise<void> {
  const Swal = await loadSweetAlert();
  await Swal.fire({ ...options("success"), title, timer: NOTICE_MS, showConfirmButton: false });
}

/** Spec section 8: the confirmation before any delete. Resolves true when confirmed. */
export function confirmDelete(): Promise<boolean> {
  return confirm(options("warning"));
}

/** Spec section 8: after a delete. */
export async function notifyDeleted(): Promise<void> {
  const Swal = await loadSweetAlert();
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
  const Swal = await loadSweetAlert();
  await Swal.fire({ ...options("error"), title, text: reason, confirmButtonText: "OK" });
}
