/*
 * The spec's notices and delete confirmation (section 8) as dialogs in this remote's scope, through
 * shared-auth's dialogs: every part of them is text, so a user's or a class's name in a title shows
 * as the name it is (issue 27). The library loads on the first notice, not with the page.
 */
import { confirmDelete as confirm, showDialog, type DialogLook } from "shared-auth";
import { SCOPE_CLASS } from "../components/scope";

/** Each kind of notice's icon: a glyph in a circle of its colour. */
const ICONS = {
  success: { html: "✓", className: "text-3xl! font-bold border-emerald-400! text-emerald-600!" },
  warning: { html: "!", className: "text-3xl! font-bold border-amber-400! text-amber-600!" },
  error: { html: "×", className: "text-3xl! font-bold border-red-400! text-red-600!" },
};

const look = (kind: keyof typeof ICONS): DialogLook => ({ scopeClass: SCOPE_CLASS, icon: ICONS[kind] });

/** Spec section 9: success dialogs close by themselves after 1500 ms. */
const NOTICE_MS = 1500;

/** A success notice in the spec's words (e.g. "Are You Approve this Class Now!", "{name} is an Admin Now!"). */
export async function notifySuccess(title: string): Promise<void> {
  await showDialog(look("success"), { title, closeAfterMs: NOTICE_MS });
}

/** Spec section 8: the confirmation before any delete. Resolves true when confirmed. */
export function confirmDelete(): Promise<boolean> {
  return confirm(look("warning"));
}

/** Spec section 8: after a delete. */
export async function notifyDeleted(): Promise<void> {
  await showDialog(look("success"), {
    title: "Deleted!",
    text: "Your file has been deleted.",
    closeAfterMs: NOTICE_MS,
  });
}

/** A refused action (its title may name a user or a class): the API's reason in its own words. */
export async function showFailure(title: string, reason: string): Promise<void> {
  await showDialog(look("error"), { title, text: reason, confirm: "OK" });
}
