import { describe, expect, it } from "vitest";
import { sampleClass } from "shared-auth/testing/fixtures";
import type { MoveQuote } from "shared-auth/wire";
import {
  classChoices,
  daysBetween,
  linesTotal,
  mayMoveSeat,
  moveButtonLabel,
  moveDifference,
  moveLines,
  payLinkText,
  signedDollars,
} from "./move-lines";

/** Soccer paid $125.00, Tennis $150.00 today, a $5.00 fee: $30.00 to pay (the API's sums). */
const dearer: MoveQuote = {
  className: "Soccer Week 1",
  toClassName: "Tennis Week 2",
  camperName: "Mia Rivera",
  heldCents: 12_500,
  feeCents: 500,
  priceCents: 15_000,
  discounts: [],
  creditCents: 12_000,
  owedCents: 3_000,
  refundCents: 0,
  aheadOfLine: false,
};

const cheaper: MoveQuote = {
  ...dearer,
  toClassName: "Swim Week 3",
  feeCents: 0,
  priceCents: 9_000,
  discounts: [{ name: "Sibling discount", cents: 1_000 }],
  creditCents: 9_000,
  owedCents: 0,
  refundCents: 3_500,
};

const rows = (quote: MoveQuote) => moveLines(quote).map((l) => [l.label, signedDollars(l.cents)]);

describe("a move's figures as lines", () => {
  it("say the new seat, the old payment carried over and the fee, and add up to the difference to pay", () => {
    expect(rows(dearer)).toEqual([
      ["Tennis Week 2 (new seat)", "$150.00"],
      ["Soccer Week 1: paid, carried over", "−$125.00"],
      ["Transfer fee", "$5.00"],
    ]);
    expect(moveDifference(dearer)).toEqual({ label: "Difference to pay", cents: 3_000 });
    expect(linesTotal(moveLines(dearer))).toBe(moveDifference(dearer).cents);
  });

  it("leave out a fee of nothing, name the discounts under the price, and add up to what goes back", () => {
    const lines = moveLines(cheaper);
    expect(rows(cheaper)).toEqual([
      ["Swim Week 3 (new seat)", "$90.00"],
      ["Soccer Week 1: paid, carried over", "−$125.00"],
    ]);
    expect(lines[0]!.details).toEqual(["Sibling discount: −$10.00, already off the price"]);
    expect(moveDifference(cheaper)).toEqual({ label: "Difference given back", cents: -3_500 });
    expect(linesTotal(lines)).toBe(-3_500);
  });

  it("call an even move a difference of nothing", () => {
    const even = { ...dearer, feeCents: 0, priceCents: 12_500, creditCents: 12_500, owedCents: 0 };
    expect(moveDifference(even)).toEqual({ label: "Difference", cents: 0 });
    expect(signedDollars(moveDifference(even).cents)).toBe("$0.00");
    expect(linesTotal(moveLines(even))).toBe(0);
  });

  it("offer a link to pay only what is owed", () => {
    expect(payLinkText(3_000)).toBe("Pay $30.00 on My Balance");
    expect(payLinkText(0)).toBeNull();
  });
});

describe("which seats a family may move itself", () => {
  const today = "2027-06-01";

  it("counts whole calendar days to the first day", () => {
    expect(daysBetween(today, "2027-06-15")).toBe(14);
    // Across the change of clocks in the autumn, still whole days.
    expect(daysBetween("2027-11-01", "2027-11-15")).toBe(14);
  });

  it("a seat booked online until the academy's number of days before its first day, that day included", () => {
    expect(mayMoveSeat({ atTheDesk: false, firstDay: "2027-06-15" }, 14, today)).toBe(true);
    expect(mayMoveSeat({ atTheDesk: false, firstDay: "2027-06-14" }, 14, today)).toBe(false);
    expect(mayMoveSeat({ atTheDesk: false, firstDay: "2027-09-01" }, 14, today)).toBe(true);
  });

  it("never a seat the office booked, one without a first day, or when only the office moves seats", () => {
    expect(mayMoveSeat({ atTheDesk: true, firstDay: "2027-09-01" }, 14, today)).toBe(false);
    expect(mayMoveSeat({ atTheDesk: false, firstDay: null }, 14, today)).toBe(false);
    expect(mayMoveSeat({ atTheDesk: false, firstDay: "2027-09-01" }, null, today)).toBe(false);
    // An API from before the rule answers no number: nothing is offered.
    expect(mayMoveSeat({ atTheDesk: false, firstDay: "2027-09-01" }, undefined, today)).toBe(false);
  });

  it("leaves it to the API when whether the office booked the seat is not known", () => {
    expect(mayMoveSeat({ atTheDesk: undefined, firstDay: "2027-09-01" }, 14, today)).toBe(true);
  });
});

describe("the move button and the classes to move to", () => {
  it("the button's name starts with the words it shows", () => {
    const name = moveButtonLabel({ camperName: "Mia", className: "Soccer Week 1" });
    expect(name).toBe("Move to another class: Mia's seat in Soccer Week 1");
    expect(name.startsWith("Move to another class")).toBe(true);
    expect(moveButtonLabel({ camperName: " ", className: "Soccer Week 1" })).toBe(
      "Move to another class: your seat in Soccer Week 1",
    );
  });

  it("lists the other approved classes not started yet, with price and free seats, a full one marked", () => {
    const today = "2027-06-01";
    const choices = classChoices(
      [
        sampleClass({ _id: "soccer", class_name: "Soccer Week 1" }),
        sampleClass({ _id: "tennis", class_name: "Tennis", price_today: 150, available_seats: 10, enrolled_seats: 9 }),
        sampleClass({ _id: "swim", class_name: "Swim", available_seats: 8, enrolled_seats: 8 }),
        sampleClass({ _id: "golf", class_name: "Golf", status: "pending" }),
        sampleClass({ _id: "run", class_name: "Running", start_date: "2027-05-31", end_date: "2027-06-04" }),
        sampleClass({ _id: "bike", class_name: "Cycling", start_date: "2027-06-01", end_date: "2027-06-04" }),
      ],
      "soccer",
      today,
    );
    expect(choices.map((c) => c.id)).toEqual(["tennis", "swim", "bike"]);
    expect(choices[0]).toEqual({ id: "tennis", text: "Tennis · $150.00 · 1 seat free", full: false });
    expect(choices[1]).toMatchObject({ text: "Swim · $100.00 · full", full: true });
    expect(choices[2]!.text).toMatch(/^Cycling · .*Jun.* · \$100\.00 · 15 seats free$/);
  });
});
