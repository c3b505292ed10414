import { describe, expect, it } from "vitest";
import {
  householdSizeProblem,
  requestedProblem,
  requestText,
  statementProblem,
  statusText,
  toApplicationInput,
} from "./aid-text";

const decided = { awardCents: null, awardPercent: null, usedCents: 0, leftCents: 0, decisionNote: null };

describe("an aid application in the family's words", () => {
  it("says a pending one is not decided yet", () => {
    expect(statusText({ ...decided, status: "pending" })).toBe("Pending: the office has not decided yet");
  });

  it("says an award, its share of each seat, what is used and what is left", () => {
    const award = { status: "awarded" as const, awardCents: 30_000, usedCents: 12_000, leftCents: 18_000 };
    expect(statusText({ ...decided, ...award, awardPercent: 50 })).toBe(
      "Awarded: $300.00 (up to 50% of each seat) — $120.00 used, $180.00 left, taken off this camper's seats at checkout",
    );
    expect(statusText({ ...decided, ...award })).toBe(
      "Awarded: $300.00 — $120.00 used, $180.00 left, taken off this camper's seats at checkout",
    );
  });

  it("gives the office's note when it was not awarded", () => {
    expect(statusText({ ...decided, status: "declined", decisionNote: "The budget is spent." })).toBe(
      "Not awarded: The budget is spent.",
    );
    expect(statusText({ ...decided, status: "declined" })).toBe("Not awarded");
  });

  it("recalls what was asked, on the academy's calendar", () => {
    expect(requestText({ requestedCents: 50_000, householdSize: 4, createdAt: "2027-03-03T18:00:00.000Z" })).toBe(
      "You asked for $500.00 for a household of 4, on 3 March 2027.",
    );
  });
});

describe("the application form's checks, the API's limits", () => {
  it("takes a household of 1 to 20 people, whole", () => {
    expect(householdSizeProblem("4")).toBeNull();
    expect(householdSizeProblem(" 20 ")).toBeNull();
    for (const text of ["", "0", "21", "2.5", "four"]) expect(householdSizeProblem(text)).toMatch(/from 1 to 20/);
  });

  it("takes $1.00 to $100,000.00 of help, typed in dollars", () => {
    expect(requestedProblem("250.50")).toBeNull();
    expect(requestedProblem("1")).toBeNull();
    expect(requestedProblem("100000")).toBeNull();
    expect(requestedProblem("0.99")).toBe("Ask for at least $1.00.");
    expect(requestedProblem("100000.01")).toBe("Ask for at most $100000.00.");
    expect(requestedProblem("2,50")).toMatch(/in dollars/);
  });

  it("takes a statement of 1 to 4,000 characters", () => {
    expect(statementProblem("We are four on one income.")).toBeNull();
    expect(statementProblem("   ")).toMatch(/Tell the office/);
    expect(statementProblem("x".repeat(4001))).toBe("Keep it to 4,000 characters (it has 4,001).");
  });

  it("sends whole cents and the statement trimmed", () => {
    expect(toApplicationInput("mia", { householdSize: " 4", requested: "$1,250.10", statement: " Hi \n" })).toEqual({
      camperId: "mia",
      householdSize: 4,
      requestedCents: 125_010,
      statement: "Hi",
    });
  });
});
