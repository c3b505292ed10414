import { describe, expect, it } from "vitest";
import {
  awardFormValues,
  awardInput,
  awardText,
  declineProblem,
  figuresText,
  nextSeason,
  placeFields,
  AWARD_FORM_FIELD,
  seasonFormValues,
  seasonInput,
} from "./aid";
import type { AidSeason } from "./aid-types";

const season: AidSeason = {
  season: 2027,
  budgetCents: 500_000,
  camperCapCents: 40_000,
  awardedCents: 120_000,
  usedCents: 30_000,
  open: true,
  intro: "Ask early.",
};

describe("financial aid in the office's words", () => {
  it("sets up next year's season by default, on the academy's calendar", () => {
    expect(nextSeason("2026-12-31")).toBe(2027);
  });

  it("sums a season up: budget, awarded, used, and what is left to award", () => {
    expect(figuresText(season)).toBe("Budget $5,000.00 · awarded $1,200.00 · used $300.00 · left $3,800.00");
    expect(figuresText({ ...season, awardedCents: 600_000 })).toMatch(/left \$0\.00$/);
  });

  it("says an award with its share of each seat and what is used of it", () => {
    expect(awardText({ awardCents: 30_000, awardPercent: 50, usedCents: 12_000 })).toBe(
      "$300.00, up to 50% of each seat; $120.00 used",
    );
    expect(awardText({ awardCents: 30_000, awardPercent: null, usedCents: 0 })).toBe("$300.00; $0.00 used");
    expect(awardText({ awardCents: null, awardPercent: null, usedCents: 0 })).toBe("None");
  });
});

describe("the season's settings", () => {
  it("open with the season's figures in dollars, or empty for a new one", () => {
    expect(seasonFormValues(season, 2028)).toEqual({
      season: "2027",
      budget: "5000.00",
      cap: "400.00",
      open: true,
      intro: "Ask early.",
    });
    expect(seasonFormValues(null, 2028)).toEqual({ season: "2028", budget: "", cap: "", open: false, intro: "" });
  });

  it("send whole cents, and no intro rather than an empty one", () => {
    const values = { season: "2028", budget: "7,500.10", cap: "400.29", open: true, intro: "  " };
    expect(seasonInput(values)).toEqual({
      season: 2028,
      body: { budgetCents: 750_010, camperCapCents: 40_029, open: true, intro: null },
      problems: {},
    });
  });

  it("name each field to fix", () => {
    const { body, problems } = seasonInput({ season: "28", budget: "lots", cap: "0.99", open: false, intro: "" });
    expect(body).toBeNull();
    expect(Object.keys(problems)).toEqual(["season", "budget", "cap"]);
    expect(problems.cap).toBe("Enter the most one camper can get, from $1.00 to $100,000.00.");
    const long = seasonInput({ season: "2101", budget: "1000000.01", cap: "1", open: false, intro: "x".repeat(2001) });
    expect(long.problems).toEqual({
      season: "Enter the camp year, for example 2028.",
      budget: "Enter the season's budget in dollars, up to $1,000,000.00.",
      intro: "Keep it to 2,000 characters (it has 2,001).",
    });
  });
});

describe("an award", () => {
  it("opens at what the family asked for, down to the cap", () => {
    expect(awardFormValues(25_050, 40_000).amount).toBe("250.50");
    expect(awardFormValues(90_000, 40_000).amount).toBe("400.00");
  });

  it("sends the amount in cents, the percent whole, and no empty note", () => {
    expect(awardInput({ amount: "300.5", percent: "50%", note: " " }, 40_000)).toEqual({
      body: { amountCents: 30_050, percent: 50, note: null },
      problems: {},
    });
    expect(awardInput({ amount: "1.15", percent: "", note: "For the swim week." }, 40_000).body).toEqual({
      amountCents: 115,
      percent: null,
      note: "For the swim week.",
    });
  });

  it("is refused above the cap, without an amount, or with a percent that is not 1 to 100", () => {
    expect(awardInput({ amount: "400.01", percent: "", note: "" }, 40_000).problems).toEqual({
      amount: "The most one camper can get this season is $400.00.",
    });
    expect(Object.keys(awardInput({ amount: "0", percent: "101", note: "" }, 40_000).problems)).toEqual([
      "amount",
      "percent",
    ]);
  });

  it("places the API's fields under the form's inputs, and keeps the others", () => {
    expect(placeFields({ amountCents: "Too much.", camper: "Gone." }, AWARD_FORM_FIELD)).toEqual({
      shown: { amount: "Too much." },
      unplaced: ["Gone."],
    });
  });

  it("declines only with a note", () => {
    expect(declineProblem("  ")).toMatch(/Say why/);
    expect(declineProblem("The budget is spent.")).toBeNull();
    expect(declineProblem("x".repeat(1001))).toBe("Keep it to 1,000 characters (it has 1,001).");
  });
});
