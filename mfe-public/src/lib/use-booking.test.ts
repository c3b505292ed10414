import { describe, expect, it } from "vitest";
import type { ClassItem } from "shared-auth";
import { sampleClass } from "shared-auth/testing/fixtures";
import { ADDED_MESSAGE, bookingState } from "./use-booking";

const NOW = new Date("2027-07-10T12:00:00Z");

const cls = (extra: Partial<ClassItem> = {}): ClassItem =>
  sampleClass({ start_date: "2027-07-19", end_date: "2027-07-30", ...extra });

const full = { enrolled_seats: 20 };
const started = { start_date: "2027-07-05" };

describe("bookingState", () => {
  it("is open for a class with seats that has not started", () => {
    expect(bookingState(cls(), [], [], NOW)).toBe("open");
    // The cart and enrolments of a visitor, or still loading.
    expect(bookingState(cls(), undefined, undefined, NOW)).toBe("open");
  });

  it("is full when the enrolled seats reach the capacity (spec section 4)", () => {
    expect(bookingState(cls(full), [], [], NOW)).toBe("full");
  });

  it("is started from the day after the first day", () => {
    expect(bookingState(cls(started), [], [], NOW)).toBe("started");
    expect(bookingState(cls({ start_date: "2027-07-10" }), [], [], NOW)).toBe("open");
    expect(bookingState(cls({ start_date: null }), [], [], NOW)).toBe("open");
  });

  it("says a class has started before it says it is full", () => {
    expect(bookingState(cls({ ...full, ...started }), [], [], NOW)).toBe("started");
  });

  it("is in the cart when a cart row books it, whatever its seats or dates", () => {
    const cart = [{ classItemId: "other" }, { classItemId: "c1" }];
    expect(bookingState(cls(), cart, [], NOW)).toBe("in-cart");
    expect(bookingState(cls({ ...full, ...started }), cart, [], NOW)).toBe("in-cart");
    expect(bookingState(cls(), [{ classItemId: "other" }], [], NOW)).toBe("open");
  });

  it("is enrolled before anything else", () => {
    expect(bookingState(cls({ ...full, ...started }), [{ classItemId: "c1" }], [{ _id: "c1" }], NOW)).toBe("enrolled");
    expect(bookingState(cls(), [], [{ _id: "other" }], NOW)).toBe("open");
  });
});

describe("ADDED_MESSAGE", () => {
  it("is the spec's toast, word for word (section 4)", () => {
    expect(ADDED_MESSAGE).toBe("Class added on the Cart.");
  });
});
