import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN } from "./academy";

describe("EMAIL_PATTERN", () => {
  it.each(["ann@example.com", "a.b+camp@mail.example.org", "O'Brien@example.ie"])("takes %s", (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    "",
    "ann",
    "ann@",
    "@example.com",
    "ann@example",
    "ann @example.com",
    "ann@exa mple.com",
    "ann@@example.com",
  ])("refuses %j", (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
