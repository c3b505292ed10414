import { describe, expect, it } from "vitest";
import { formatPrice, plural, seatsLeft } from "./format";

describe("formatPrice", () => {
  it("shows whole dollars without cents", () => {
    expect(formatPrice(149)).toBe("$149");
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(1500)).toBe("$1,500");
  });

  it("shows cents, always two, when there are any", () => {
    expect(formatPrice(79.99)).toBe("$79.99");
    expect(formatPrice(149.5)).toBe("$149.50");
    expect(formatPrice(0.1 + 0.2)).toBe("$0.30");
    expect(formatPrice(1234.05)).toBe("$1,234.05");
  });
});

describe("seatsLeft", () => {
  it("is the capacity less the enrolled students", () => {
    expect(seatsLeft({ available_seats: 20, enrolled_seats: 5 })).toBe(15);
    expect(seatsLeft({ available_seats: 20, enrolled_seats: 0 })).toBe(20);
  });

  it("is 0 for a full class, and never below", () => {
    expect(seatsLeft({ available_seats: 20, enrolled_seats: 20 })).toBe(0);
    expect(seatsLeft({ available_seats: 20, enrolled_seats: 23 })).toBe(0);
  });
});

describe("plural", () => {
  it("says 1 class, 0 classes, 3 classes, 1,200 seats", () => {
    expect(plural(1, "class", "classes")).toBe("1 class");
    expect(plural(0, "class", "classes")).toBe("0 classes");
    expect(plural(3, "class", "classes")).toBe("3 classes");
    expect(plural(1200, "seat", "seats")).toBe("1,200 seats");
  });
});
