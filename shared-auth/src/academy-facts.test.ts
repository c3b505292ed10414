import { describe, expect, it } from "vitest";
import { ACADEMY, phoneHref, STARTING_ACADEMY } from "./academy-facts";
import { AGE_MAX, AGE_MIN, SPORTS } from "./camp-session";

describe("the academy's facts", () => {
  it("count the sports and span the ages the classes are checked against", () => {
    expect(Object.keys(SPORTS)).toHaveLength(13);
    expect(ACADEMY.sports).toBe("Thirteen sports");
    expect(ACADEMY.ages).toBe(`${AGE_MIN} to ${AGE_MAX}`);
  });

  it("dial the academy's number", () => {
    expect(phoneHref(STARTING_ACADEMY.phone)).toBe("tel:+15035550142");
  });
});
