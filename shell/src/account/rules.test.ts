import { describe, expect, it } from "vitest";
import { PASSWORD_PATTERN, returnPath } from "./rules";

describe("sign-up password rule", () => {
  it.each(["Camp#Pass1", "aB3!aaaa", "Zz9&xxxxxx"])("accepts %s", (pw) => expect(PASSWORD_PATTERN.test(pw)).toBe(true));
  it.each(["campPass1!".toLowerCase(), "CAMP#PASS1", "Camp#Pass", "CampPass12", "Camp%Pass1"])("refuses %s", (pw) =>
    expect(PASSWORD_PATTERN.test(pw)).toBe(false),
  );
});

describe("the page to return to after sign-in", () => {
  it("is the remembered page with its query and hash", () => {
    expect(returnPath({ from: { pathname: "/classes", search: "?q=1", hash: "#top" } })).toBe("/classes?q=1#top");
  });
  it("is home without a remembered page, or when it was an account page or not a path", () => {
    expect(returnPath(null)).toBe("/");
    expect(returnPath({ from: { pathname: "/signup" } })).toBe("/");
    expect(returnPath({ from: { pathname: "https://evil.example" } })).toBe("/");
    expect(returnPath({ from: { pathname: "//evil.example/x" } })).toBe("/");
  });
});
