import { accountErrorMessage } from "shared-auth";

/**
 * Where a Firebase refusal of an account change belongs: beside the field it is about (the current
 * password, the new password, the new address), or above the form when it is about no one field
 * (too many attempts, no connection). Always a sentence, never a code.
 */
export function accountChangeError(
  error: unknown,
): { field: "current" | "password" | "email"; message: string } | { field: null; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "auth/wrong-password":
    case "auth/invalid-credential":
    case "auth/invalid-login-credentials":
      return { field: "current", message: "Your current password is not right." };
    case "auth/weak-password":
    case "auth/password-does-not-meet-requirements":
      return { field: "password", message: "This password is too weak. Choose a stronger one." };
    case "auth/email-already-in-use":
      return { field: "email", message: "Another account already uses this e-mail address." };
    case "auth/invalid-email":
    case "auth/invalid-new-email":
      return { field: "email", message: "Enter a valid e-mail address." };
    case "auth/too-many-requests":
      return { field: null, message: "Too many attempts. Wait a few minutes and try again." };
    default:
      return { field: null, message: accountErrorMessage(error) };
  }
}
