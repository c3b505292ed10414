/*
 * The success notices of spec section 8, as dialogs that close themselves: shared-auth's dialogs
 * (every part of them text), in the shell's notices root in <body>.
 */
import { prepareDialogs, showDialog } from "shared-auth";

/** The notices' root element: its class scopes the utilities of notices.css. */
const SCOPE_CLASS = "shell-notices";

/** The success icon: a glyph in a circle of its colour (as in the remotes' notices). */
const SUCCESS_ICON = { html: "✓", className: "text-3xl! font-bold border-emerald-400! text-emerald-600!" };

/** Spec section 9: success dialogs close by themselves after 1500 ms. */
const NOTICE_MS = 1500;

export async function notifySuccess(title: string): Promise<void> {
  // The library and the notices' sheet load side by side; the dialog opens once both are here.
  await Promise.all([prepareDialogs(), import("./notices.css")]);
  void showDialog({ scopeClass: SCOPE_CLASS, icon: SUCCESS_ICON }, { title, closeAfterMs: NOTICE_MS });
}
