import { describe, expect, it } from "vitest";
import { classSummary, money, type MyClass } from "./my-classes";

const cls = (status: MyClass["status"], available_seats: number, enrolled_seats: number) => ({
  status,
  available_seats,
  enrolled_seats,
});

describe("classSummary", () => {
  it("is all zeros for an instructor without classes", () => {
    expect(classSummary([])).toEqual({ pending: 0, approved: 0, denied: 0, enrolled: 0, seatsLeft: 0 });
  });

  it("counts classes by review status and students in all of them", () => {
    const summary = classSummary([
      cls("approved", 20, 5),
      cls("approved", 10, 10),
      cls("pending", 15, 0),
      cls("denied", 12, 2),
      cls("pending", 8, 1),
    ]);
    expect(summary).toMatchObject({ pending: 2, approved: 2, denied: 1, enrolled: 18 });
  });

  it("counts free seats in approved classes only: the others cannot be booked", () => {
    expect(classSummary([cls("approved", 20, 5), cls("pending", 15, 0), cls("denied", 12, 2)]).seatsLeft).toBe(15);
  });

  it("never counts an overbooked class's seats below zero", () => {
    expect(classSummary([cls("approved", 10, 12), cls("approved", 10, 4)]).seatsLeft).toBe(6);
  });
});

describe("money", () => {
  it("shows dollars with cents and grouped thousands", () => {
    expect(money(0)).toBe("$0.00");
    expect(money(79)).toBe("$79.00");
    expect(money(149.5)).toBe("$149.50");
    expect(money(1234.56)).toBe("$1,234.56");
  });
});
