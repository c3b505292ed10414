/*
 * The success notices of spec section 8, as SweetAlert2 dialogs that close themselves: the site's
 * one loader and dialog look from shared-auth, in the shell's notices root in <body>.
 */
import { dialogOptions, loadSweetAlert } from "shared-auth";

/** The notices' root element: its class scopes the utilities of notices.css. */
const SCOPE_CLASS = "shell-notices";

/** The success icon: a glyph in a circle of its colour (as in the remotes' notices). */
const SUCCESS_ICON = { html: "✓", className: "text-3xl! font-bold border-emerald-400! text-emerald-600!" };

/** Spec section 9: success dialogs close by themselves after 1500 ms. */
const NOTICE_MS = 1500;

export async function notifySuccess(title: string): Promise<void> {
  const [Swal] = await Promise.all([loadSweetAlert(), import("./notices.css")]);
  void Swal.fire({ ...dialogOptions(SCOPE_CLASS, SUCCESS_ICON), title, showConfirmButton: false, timer: NOTICE_MS });
}
