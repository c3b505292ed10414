import { describe, expect, it } from "vitest";
import { claimToken, linkEnded } from "./claim";

describe("the claim link", () => {
  it("reads its token as the academy's e-mail writes it", () => {
    expect(claimToken("?claim=abc123")).toBe("abc123");
    expect(claimToken("")).toBeNull();
    expect(claimToken("?claim=%20")).toBeNull();
  });

  it("has ended when the API answers 410, or Firebase says the code expired, was used, or its account is gone", () => {
    expect(linkEnded({ response: { status: 410 } })).toBe(true);
    expect(linkEnded({ response: { status: 502 } })).toBe(false);
    for (const code of [
      "auth/expired-action-code",
      "auth/invalid-action-code",
      "auth/user-disabled",
      "auth/user-not-found",
    ])
      expect(linkEnded({ code })).toBe(true);
    expect(linkEnded({ code: "auth/network-request-failed" })).toBe(false);
    expect(linkEnded(new Error("offline"))).toBe(false);
    expect(linkEnded(null)).toBe(false);
  });
});
