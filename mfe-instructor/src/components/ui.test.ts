import { describe, expect, it } from "vitest";
import { describedBy } from "./ui";

describe("describedBy", () => {
  it("links a field to its hint, then its error", () => {
    expect(describedBy("add-class-price", "Price is required", "In dollars")).toBe(
      "add-class-price-hint add-class-price-error",
    );
    expect(describedBy("add-class-price", "Price is required")).toBe("add-class-price-error");
    expect(describedBy("add-class-price", undefined, true)).toBe("add-class-price-hint");
  });

  it("is no attribute at all when there is nothing to read", () => {
    expect(describedBy("add-class-price", undefined)).toBeUndefined();
    expect(describedBy("add-class-price", "", "")).toBeUndefined();
  });
});
