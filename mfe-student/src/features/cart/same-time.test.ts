import { describe, expect, it } from "vitest";
import type { Weekday } from "shared-auth";
import { sameTimeAs } from "./same-time";

const mornings = {
  start_date: "2027-07-05",
  end_date: "2027-07-16",
  weekdays: ["mon", "tue", "wed", "thu", "fri"] as Weekday[],
  start_time: "09:00",
  end_time: "12:00",
};
const afternoons = { ...mornings, start_time: "13:30", end_time: "16:30" };

describe("sameTimeAs", () => {
  it("finds another of the same camper's classes at the same time", () => {
    const soccer = { _id: "1", camperId: "mia", ...mornings };
    const climbing = { _id: "2", camperId: "mia", ...mornings };
    expect(sameTimeAs(soccer, [soccer, climbing])).toBe(climbing);
  });
  it("is no clash for two children, in one class or in two at one time", () => {
    const mia = { _id: "1", camperId: "mia", ...mornings };
    const leo = { _id: "2", camperId: "leo", ...mornings };
    expect(sameTimeAs(mia, [mia, leo])).toBeUndefined();
  });
  it("is no clash at different hours", () => {
    const a = { _id: "1", camperId: "mia", ...mornings };
    const b = { _id: "2", camperId: "mia", ...afternoons };
    expect(sameTimeAs(a, [a, b])).toBeUndefined();
  });
});
