import { afterEach, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_KEY } from "../api-client";
import { studentEmail, withAddedItem } from "./cart";
import type { AddToCartResponse } from "./types";

const user = { email: "sam@example.com", displayName: "Sam", photoURL: null };

const soccer: AddToCartResponse["item"] = {
  _id: "c1",
  class_name: "Junior Soccer Skills",
  image: "/images/seed/classes/soccer.svg",
  instructor: "Maya Torres",
  instructorId: "u1",
  email: "maya@summitsports.academy",
  available_seats: 24,
  enrolled_seats: 18,
  price: 149,
  early_price: null,
  early_price_until: null,
  price_today: 149,
  price_today_until: null,
  details: "",
  sport: "soccer",
  start_date: "2026-07-06",
  end_date: "2026-07-10",
  weekdays: ["mon", "tue", "wed", "thu", "fri"],
  start_time: "09:00",
  end_time: "12:00",
  age_min: 8,
  age_max: 12,
  level: "beginner",
  location: null,
  registration_opens_at: null,
};

describe("whose cart may be asked for", () => {
  afterEach(() => localStorage.clear());

  it("a signed-in student with a stored token", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token");
    expect(studentEmail({ status: "signed-in", role: "student", user })).toBe("sam@example.com");
  });

  it("nobody without a token, while the session loads, or when signed out", () => {
    expect(studentEmail({ status: "signed-in", role: "student", user })).toBeNull();
    expect(studentEmail({ status: "loading", role: null, user: null }, "token")).toBeNull();
    expect(studentEmail({ status: "signed-out", role: null, user: null }, "token")).toBeNull();
  });

  it("not admins, instructors, or a user whose role is not known yet (they have no cart)", () => {
    for (const role of ["admin", "instructor", null] as const) {
      expect(studentEmail({ status: "signed-in", role, user }, "token")).toBeNull();
    }
  });
});

describe("the cart after a booking", () => {
  it("gains the booked class at once, so every badge counts it", () => {
    const next = withAddedItem([], { insertedId: "i1", camperId: "k1", item: soccer }, user.email);
    expect(next).toEqual([
      expect.objectContaining({ _id: "i1", classItemId: "c1", class_name: "Junior Soccer Skills", price: 149 }),
    ]);
    // The line is the student's, for the camper booked, with the class's session.
    expect(next[0]).toMatchObject({ email: user.email, camperId: "k1", start_date: "2026-07-06" });
  });

  it("starts from an empty cart when none was loaded, and never counts a class twice", () => {
    const once = withAddedItem(undefined, { insertedId: "i1", camperId: "k1", item: soccer }, user.email);
    expect(withAddedItem(once, { insertedId: "i1", camperId: "k1", item: soccer }, user.email)).toHaveLength(1);
  });
});
