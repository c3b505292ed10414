import { describe, expect, it } from "vitest";
import { addressLine, telHref } from "./contact-format";

describe("telHref", () => {
  it("keeps the digits and a leading plus, whatever the separators", () => {
    expect(telHref("+1 (555) 010-0")).toBe("tel:+15550100");
    expect(telHref("0161 496.0000")).toBe("tel:01614960000");
    expect(telHref(" +44 20 7946 0000")).toBe("tel:+442079460000");
  });
});

describe("addressLine", () => {
  it("joins the parts given, leaving out the empty ones", () => {
    const base = {
      address_line1: "12 Field Lane",
      address_line2: "",
      city: "Springfield",
      region: "",
      postal_code: "62701",
    };
    expect(addressLine(base)).toBe("12 Field Lane, Springfield, 62701");
    expect(addressLine({ ...base, address_line2: "Flat 2", region: "IL" })).toBe(
      "12 Field Lane, Flat 2, Springfield, IL 62701",
    );
  });
});
