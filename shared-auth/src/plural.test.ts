import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it.each([
    [0, "0 admins"],
    [1, "1 admin"],
    [2, "2 admins"],
    [1204, "1,204 admins"],
  ])("%i -> %s", (n, text) => {
    expect(countOf(n, "admin", "admins")).toBe(text);
  });
});
