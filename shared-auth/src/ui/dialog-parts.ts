/**
 * What the site's dialogs and toasts share (ui/alerts.ts): their looks and words as types, the
 * app's element they open in, and the escaping of the labels SweetAlert2 takes only as HTML.
 */
/**
 * The app's element for dialogs: a direct child of <body>, so a modal dialog still hides the
 * rest of the page from screen readers, with the app's scope class.
 */
export function alertRoot(scopeClass: string): HTMLElement {
  const id = `${scopeClass}-alerts`;
  let root = document.getElementById(id);
  if (!root) {
    root = document.createElement("div");
    root.id = id;
    root.className = scopeClass;
    document.body.append(root);
  }
  return root;
}

/** A label SweetAlert2 can only set as HTML (a button's), escaped so that it shows as the text it is. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An icon: the app's own markup (a constant of its code, never user text) and its classes. */
export interface DialogIcon {
  html: string;
  className: string;
}

/** Where a dialog opens and how it looks: the app's scope class, its icon and its entrance. */
export interface DialogLook {
  scopeClass: string;
  /** Added to DIALOG_ICON's classes; no icon without it. */
  icon?: DialogIcon;
  /** The popup's classes while it opens (an animation of the app's sheet). */
  showClass?: string;
}

/** What a dialog says: every part plain text, shown as it is whatever it holds. */
export interface DialogText {
  title: string;
  text?: string;
  /** The confirm button's label ("OK" unless given). */
  confirm?: string;
  /** A cancel button with this label; none without it. */
  cancel?: string;
  /** A second way on, between confirm and cancel, with this label (showChoice answers "deny"); none without it. */
  deny?: string;
  /** The cancel button has the focus when the dialog opens (a destructive confirm). */
  focusCancel?: boolean;
  /** The dialog closes by itself after this many milliseconds, without buttons (spec section 9). */
  closeAfterMs?: number;
}

/** The icon's circle; a dialog adds its colours (and the size of a text glyph). */
export const DIALOG_ICON = "m-0! flex h-16! w-16! items-center justify-center rounded-full border-4!";
