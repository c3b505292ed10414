import { describe, expect, it } from "vitest";
import { enrolmentKey, paymentLines, seatFor } from "./seat";

describe("seatFor", () => {
  it("names whose seat a line is, the account holder's too", () => {
    expect(seatFor("Mia Rivera")).toBe("for Mia Rivera");
    expect(seatFor("Sam Student")).toBe("for Sam Student");
  });
  it('says "for you" when the line names nobody', () => {
    expect(seatFor("")).toBe("for you");
    expect(seatFor("  ")).toBe("for you");
    expect(seatFor(undefined)).toBe("for you");
    expect(seatFor(null)).toBe("for you");
  });
});

describe("paymentLines", () => {
  it("pairs each class with whose seat it is, in order", () => {
    expect(
      paymentLines({
        classNames: ["Cycling Endurance", "Cycling Endurance"],
        camperNames: ["Mia Rivera", "Leo Rivera"],
      }),
    ).toEqual([
      { className: "Cycling Endurance", seat: "for Mia Rivera" },
      { className: "Cycling Endurance", seat: "for Leo Rivera" },
    ]);
  });
  it("reads a record without camper names as the account holder's", () => {
    expect(paymentLines({ classNames: ["Baseball Batting Clinic"] })).toEqual([
      { className: "Baseball Batting Clinic", seat: "for you" },
    ]);
  });
});

describe("enrolmentKey", () => {
  it("tells two children's seats in one class apart", () => {
    const a = enrolmentKey({ _id: "class-1", enrollmentId: "e-1", camperId: "mia" });
    const b = enrolmentKey({ _id: "class-1", enrollmentId: "e-2", camperId: "leo" });
    expect(a).not.toBe(b);
    expect(enrolmentKey({ _id: "class-1", camperId: "mia" })).not.toBe(
      enrolmentKey({ _id: "class-1", camperId: "leo" }),
    );
  });
});
