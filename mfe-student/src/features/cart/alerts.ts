/*
 * The cart's SweetAlert2 dialogs (spec section 8), in this remote's scope. The library loads only
 * when a delete button is pressed (shared-auth's alerts say how the dialogs are styled).
 */
import { confirmDelete as confirm, dialogOptions, loadSweetAlert } from "shared-auth";
import { SCOPE_CLASS } from "../../components/scope";

/** Spec section 8: the confirmation before a cart item is deleted. Resolves true on "Yes, delete it!". */
export function confirmDelete(): Promise<boolean> {
  return confirm(dialogOptions(SCOPE_CLASS));
}

/** Spec section 8: after the server deleted the item. */
export async function showDeleted(): Promise<void> {
  const Swal = await loadSweetAlert();
  await Swal.fire({
    ...dialogOptions(SCOPE_CLASS),
    title: "Deleted!",
    text: "Your file has been deleted.",
    confirmButtonText: "OK",
  });
}

/** The delete was refused or the server could not be reached. */
export async function showDeleteFailed(message: string): Promise<void> {
  const Swal = await loadSweetAlert();
  await Swal.fire({ ...dialogOptions(SCOPE_CLASS), title: "Not deleted", text: message, confirmButtonText: "OK" });
}
