/*
 * The cart's dialogs (spec section 8), in this remote's scope, through shared-auth's dialogs (every
 * part of them text). The library loads only when a delete button is pressed.
 */
import { confirmDelete as confirm, showDialog } from "shared-auth";
import { SCOPE_CLASS } from "../../components/scope";

const look = { scopeClass: SCOPE_CLASS };

/** Spec section 8: the confirmation before a cart item is deleted. Resolves true on "Yes, delete it!". */
export function confirmDelete(): Promise<boolean> {
  return confirm(look);
}

/** Spec sections 8 and 9: after the server deleted the item, in the spec's words, closing after 1500 ms. */
export async function showDeleted(): Promise<void> {
  await showDialog(look, { title: "Deleted!", text: "Your file has been deleted.", confirm: "OK", closeAfterMs: 1500 });
}

/** The delete was refused or the server could not be reached. */
export async function showDeleteFailed(message: string): Promise<void> {
  await showDialog(look, { title: "Not deleted", text: message, confirm: "OK" });
}
