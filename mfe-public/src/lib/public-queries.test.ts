import { describe, expect, it } from "vitest";
import type { ClassItem } from "shared-auth";
import { sampleClass } from "shared-auth/testing/fixtures";
import {
  asPage,
  classPageRequest,
  isFull,
  isNotFound,
  isPublished,
  popularClassesFirst,
  popularInstructorsFirst,
  type Instructor,
} from "./public-queries";

const cls = (class_name: string, enrolled_seats: number, extra: Partial<ClassItem> = {}): ClassItem =>
  sampleClass({ _id: class_name, class_name, enrolled_seats, ...extra });

describe("isPublished", () => {
  it("shows approved classes and those without a status (what everyone but admins receives)", () => {
    expect(isPublished(cls("A", 0))).toBe(true);
    expect(isPublished(cls("A", 0, { status: "approved" }))).toBe(true);
  });

  it("hides pending and denied classes", () => {
    expect(isPublished(cls("A", 0, { status: "pending" }))).toBe(false);
    expect(isPublished(cls("A", 0, { status: "denied" }))).toBe(false);
  });
});

describe("isFull", () => {
  it("is full when the enrolled seats reach the capacity (spec section 4)", () => {
    expect(isFull({ available_seats: 20, enrolled_seats: 20 })).toBe(true);
    expect(isFull({ available_seats: 20, enrolled_seats: 21 })).toBe(true);
    expect(isFull({ available_seats: 20, enrolled_seats: 19 })).toBe(false);
    expect(isFull({ available_seats: 0, enrolled_seats: 0 })).toBe(true);
  });
});

describe("popularClassesFirst", () => {
  it("puts the most enrolled first, then orders by name", () => {
    const items = [cls("Tennis", 3), cls("Swimming", 9), cls("Archery", 3), cls("Yoga", 0)];
    expect(popularClassesFirst(items).map((c) => c.class_name)).toEqual(["Swimming", "Archery", "Tennis", "Yoga"]);
  });

  it("leaves the list it was given as it was", () => {
    const items = [cls("B", 1), cls("A", 5)];
    popularClassesFirst(items);
    expect(items.map((c) => c.class_name)).toEqual(["B", "A"]);
  });
});

describe("popularInstructorsFirst", () => {
  const person = (name: string, classCount?: number): Instructor => ({
    _id: name,
    name,
    email: `${name}@example.com`,
    photo: "",
    ...(classCount !== undefined && { classCount }),
  });

  it("puts who teaches most first, then orders by name; no count is none", () => {
    const items = [person("Zoe", 1), person("Ann"), person("Bob", 4), person("Cy", 1), person("Al", 0)];
    expect(popularInstructorsFirst(items).map((p) => p.name)).toEqual(["Bob", "Cy", "Zoe", "Al", "Ann"]);
    expect(items[0]!.name).toBe("Zoe");
  });
});

describe("isNotFound", () => {
  const answer = (status: number) => ({ isAxiosError: true, response: { status } });

  it("treats 404 and a malformed id (400) as not found", () => {
    expect(isNotFound(answer(404))).toBe(true);
    expect(isNotFound(answer(400))).toBe(true);
  });

  it("treats other failures as failures", () => {
    expect(isNotFound(answer(500))).toBe(false);
    expect(isNotFound(answer(403))).toBe(false);
    expect(isNotFound({ isAxiosError: true })).toBe(false);
    expect(isNotFound(new Error("offline"))).toBe(false);
  });
});

describe("asPage", () => {
  const five = [1, 2, 3, 4, 5];

  it("passes a paged answer through as it is", () => {
    const page = { items: [1, 2], page: 2, size: 2, hasMore: true };
    expect(asPage(page, 1, 9)).toBe(page);
  });

  it("cuts a bare list into the page asked for", () => {
    expect(asPage(five, 1, 2)).toEqual({ items: [1, 2], page: 1, size: 2, hasMore: true });
    expect(asPage(five, 2, 2)).toEqual({ items: [3, 4], page: 2, size: 2, hasMore: true });
    expect(asPage(five, 3, 2)).toEqual({ items: [5], page: 3, size: 2, hasMore: false });
  });

  it("has no more after a page that ends the list exactly", () => {
    expect(asPage([1, 2, 3, 4], 2, 2).hasMore).toBe(false);
  });

  it("is an empty last page past the end", () => {
    expect(asPage(five, 4, 2)).toEqual({ items: [], page: 4, size: 2, hasMore: false });
    expect(asPage([], 1, 9)).toEqual({ items: [], page: 1, size: 9, hasMore: false });
  });
});

describe("classPageRequest", () => {
  it("asks GET /classes for the page, its size and the filters set", () => {
    expect(classPageRequest({ sport: "golf", sort: "price", dir: "desc", age: undefined }, 2, 9)).toEqual({
      path: "/classes",
      params: { page: "2", size: "9", sport: "golf", sort: "price", dir: "desc" },
    });
  });

  it("sends only the page and its size without filters", () => {
    expect(classPageRequest({}, 1, 6)).toEqual({ path: "/classes", params: { page: "1", size: "6" } });
  });
});
