import { afterEach, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_KEY } from "../api-client";
import { studentEmail, withAddedItem } from "./cart";
import type { CartItem, ClassItem } from "./types";

const user = { email: "sam@example.com", displayName: "Sam", photoURL: null };

const soccer: ClassItem = {
  _id: "c1",
  class_name: "Junior Soccer Skills",
  image: "/images/seed/classes/soccer.svg",
  instructor: "Maya Torres",
  email: "maya@summitsports.academy",
  available_seats: 24,
  enrolled_seats: 18,
  price: 149,
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
    const next = withAddedItem([], { insertedId: "i1", item: soccer }, user.email);
    expect(next).toEqual([
      expect.objectContaining({ _id: "i1", classItemId: "c1", class_name: "Junior Soccer Skills", price: 149 }),
    ]);
  });

  it("starts from an empty cart when none was loaded, and never counts a class twice", () => {
    const once = withAddedItem(undefined, { insertedId: "i1", item: soccer }, user.email);
    expect(withAddedItem(once, { insertedId: "i1", item: soccer }, user.email)).toHaveLength(1);
  });

  it("is left for the refetch when the server did not say which class it booked", () => {
    const items: CartItem[] = [];
    expect(withAddedItem(items, { insertedId: "i1" }, user.email)).toBe(items);
  });
});
