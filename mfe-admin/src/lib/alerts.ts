/*
 * The spec's notices and delete confirmation (section 8) as dialogs in this remote's scope, through
 * shared-auth's dialogs: every part of them is text, so a user's or a class's name in a title shows
 * as the name it is. The library loads on the first notice, not with the page.
 */
import { confirmDelete as confirm, showDialog, type DialogLook } from "shared-auth";
import { SCOPE_CLASS } from "../components/scope";
import type { ClassDecision, UserRole } from "./admin-api";

/** Each kind of notice's icon: a glyph in a circle of its colour. */
const ICONS = {
  success: { html: "✓", className: "text-3xl! font-bold border-emerald-400! text-emerald-600!" },
  warning: { html: "!", className: "text-3xl! font-bold border-amber-400! text-amber-600!" },
  error: { html: "×", className: "text-3xl! font-bold border-red-400! text-red-600!" },
};

const look = (kind: keyof typeof ICONS): DialogLook => ({ scopeClass: SCOPE_CLASS, icon: ICONS[kind] });

/** Spec section 9: success dialogs close by themselves after 1500 ms. */
const NOTICE_MS = 1500;

/** Spec section 8's notices after a class review, word for word. */
export const DECIDED: Record<ClassDecision, string> = {
  approved: "Are You Approve this Class Now!",
  denied: "Are You Deny this Class Now!",
};

/** Spec section 8's notices after a role change, word for word; the undo's notice in the same words. */
export const PROMOTED: Record<UserRole, (name: string) => string> = {
  admin: (name) => `${name} is an Admin Now!`,
  instructor: (name) => `${name} is an Instructor Now!`,
  student: (name) => `${name} is a Student Now!`,
};

/** A success notice in the spec's words (e.g. "Are You Approve this Class Now!", "{name} is an Admin Now!"). */
export async function notifySuccess(title: string): Promise<void> {
  await showDialog(look("success"), { title, closeAfterMs: NOTICE_MS });
}

/** Spec section 8: the confirmation before any delete. Resolves true when confirmed. */
export function confirmDelete(): Promise<boolean> {
  return confirm(look("warning"));
}

/**
 * Spec section 8's "Deleted!" after a delete, saying what was deleted (the spec's "Your file has
 * been deleted." names no file here: a class or a user), closing after 1500 ms (section 9).
 */
export async function notifyDeleted(what: string): Promise<void> {
  await showDialog(look("success"), {
    title: "Deleted!",
    text: `${what} has been deleted.`,
    closeAfterMs: NOTICE_MS,
  });
}

export type RoleChoice = "admin" | "instructor" | "student";

/** What each role change asks before it is made (it acts at once, on the user's next request). */
const ROLE_QUESTIONS: Record<RoleChoice, { title: (name: string) => string; text: string; confirm: string }> = {
  admin: {
    title: (name) => `Make ${name} an admin?`,
    text: "Admins approve classes and manage every user, you included. You can make them a student again later.",
    confirm: "Make admin",
  },
  instructor: {
    title: (name) => `Make ${name} an instructor?`,
    text: "Instructors add classes and see their students. You can make them a student again later.",
    confirm: "Make instructor",
  },
  student: {
    title: (name) => `Make ${name} a student again?`,
    text: "They lose their role's pages and rights at once. An instructor who still has classes keeps the role.",
    confirm: "Make student",
  },
};

/**
 * Asks before a role change (the user's name is set as text). Resolves true when confirmed;
 * Cancel has the focus, as for a delete.
 */
export function confirmRoleChange(name: string, role: RoleChoice): Promise<boolean> {
  const question = ROLE_QUESTIONS[role];
  return showDialog(look("warning"), {
    title: question.title(name),
    text: question.text,
    confirm: question.confirm,
    cancel: "Cancel",
    focusCancel: true,
  });
}

/**
 * Asks before approving a class (the spec's notice after it, "Are You Approve this Class Now!",
 * reads as a question but comes once it is done): what approving does, in plain words.
 */
export function confirmApprove(className: string): Promise<boolean> {
  return showDialog(look("warning"), {
    title: `Approve “${className}”?`,
    text: "Families can book it at once.",
    confirm: "Approve",
    cancel: "Cancel",
  });
}

/** A refused action (its title may name a user or a class): the API's reason in its own words. */
export async function showFailure(title: string, reason: string): Promise<void> {
  await showDialog(look("error"), { title, text: reason, confirm: "OK" });
}
