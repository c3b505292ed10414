import { describe, expect, it } from "vitest";
import { accountChangeError } from "./firebase-fields";

const refusal = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe("where a Firebase refusal of an account change is shown", () => {
  it.each([
    ["auth/invalid-credential", "current", "Your current password is not right."],
    ["auth/wrong-password", "current", "Your current password is not right."],
    ["auth/weak-password", "password", "This password is too weak. Choose a stronger one."],
    ["auth/email-already-in-use", "email", "Another account already uses this e-mail address."],
    ["auth/invalid-new-email", "email", "Enter a valid e-mail address."],
  ])("%s: beside its field", (code, field, message) => {
    expect(accountChangeError(refusal(code))).toEqual({ field, message });
  });

  it("too many attempts, or anything else: above the form, in words, never the code", () => {
    expect(accountChangeError(refusal("auth/too-many-requests"))).toEqual({
      field: null,
      message: "Too many attempts. Wait a few minutes and try again.",
    });
    const other = accountChangeError(refusal("auth/network-request-failed"));
    expect(other.field).toBeNull();
    expect(other.message).not.toMatch(/auth\//);
  });
});
