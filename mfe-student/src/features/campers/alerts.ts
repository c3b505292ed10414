/*
 * The My Campers page's dialogs, in this remote's scope, through shared-auth's dialogs: every part
 * of them is text, so a child's name shows as the name it is.
 */
import { confirmDelete as confirm, showDialog } from "shared-auth";
import { SCOPE_CLASS } from "../../components/scope";

const look = { scopeClass: SCOPE_CLASS };

/** Spec section 8: the confirmation before any delete. Resolves true on "Yes, delete it!". */
export function confirmRemove(): Promise<boolean> {
  return confirm(look);
}

/**
 * Spec section 8's "Deleted!", saying who was removed (the spec's "Your file has been deleted."
 * names no file here), closing after 1500 ms (section 9).
 */
export async function showRemoved(name: string): Promise<void> {
  await showDialog(look, {
    title: "Deleted!",
    text: `${name} has been removed from your family.`,
    closeAfterMs: 1500,
  });
}

/**
 * A child who still holds a seat cannot be removed (the API refuses it): said before asking
 * "Are you sure?", with what to do first, so nobody confirms a removal that cannot happen.
 */
export async function showSeatFirst(name: string, className: string): Promise<void> {
  await showDialog(look, {
    title: `${name} cannot be removed yet`,
    text: `${name} holds a seat in "${className}": cancel it first in My Enrolled Classes, then remove ${name}.`,
    confirm: "OK",
  });
}

/** The API refused (a seat in a class that has not ended, a checkout in progress) or could not be reached: its reason as is. */
export async function showRemoveRefused(name: string, reason: string): Promise<void> {
  await showDialog(look, { title: `${name} was not removed`, text: reason, confirm: "OK" });
}
