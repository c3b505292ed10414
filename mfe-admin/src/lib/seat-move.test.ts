import { describe, expect, it } from "vitest";
import {
  addDays,
  cardRefundNote,
  classChoiceText,
  feeToCents,
  linesTotal,
  moveButtonLabel,
  moveDifference,
  moveForm,
  moveLines,
  moveRequest,
  placeMoveErrors,
  quoteRequest,
  shownFields,
  signedMoney,
  type MoveFormValues,
  type MoveQuote,
} from "./seat-move";

const TODAY = "2027-03-10";

/** Soccer Week 1 ($125.00 paid) to Tennis Week 2 ($160.00 after a $20.00 early-bird), a $10.00 fee: $45.00 to pay. */
const dearer: MoveQuote = {
  className: "Soccer Week 1",
  toClassName: "Tennis Week 2",
  camperName: "Mia Rivera",
  heldCents: 12_500,
  feeCents: 1_000,
  priceCents: 16_000,
  discounts: [{ name: "Early bird", cents: 2_000 }],
  creditCents: 11_500,
  owedCents: 4_500,
  refundCents: 0,
  aheadOfLine: false,
};

/** To a $90.00 class with no fee: $35.00 given back. */
const cheaper: MoveQuote = {
  ...dearer,
  toClassName: "Swim Week 3",
  feeCents: 0,
  priceCents: 9_000,
  discounts: [],
  creditCents: 9_000,
  owedCents: 0,
  refundCents: 3_500,
};

/** The same price as paid: nothing either way. */
const even: MoveQuote = { ...cheaper, priceCents: 12_500, creditCents: 12_500, refundCents: 0 };

const form = (over: Partial<MoveFormValues> = {}): MoveFormValues => ({
  ...moveForm(TODAY),
  toClassId: "c-tennis",
  fee: "10",
  ...over,
});

describe("the move's figures", () => {
  it("lists the new seat, the old seat's payment carried over and the fee, adding up to what is owed", () => {
    const lines = moveLines(dearer);
    expect(lines.map((l) => [l.label, l.sign * l.cents])).toEqual([
      ["Tennis Week 2 (new seat)", 16_000],
      ["Soccer Week 1: paid, carried over", -12_500],
      ["Transfer fee", 1_000],
    ]);
    expect(lines[0]!.details).toEqual(["Early bird −$20.00"]);
    expect(linesTotal(lines)).toBe(4_500);
    expect(moveDifference(dearer)).toEqual({ label: "Difference to pay", cents: 4_500 });
  });

  it("leaves out a fee of nothing, and adds up to what is given back", () => {
    const lines = moveLines(cheaper);
    expect(lines.map((l) => l.label)).toEqual(["Swim Week 3 (new seat)", "Soccer Week 1: paid, carried over"]);
    expect(linesTotal(lines)).toBe(-3_500);
    expect(moveDifference(cheaper)).toEqual({ label: "Difference given back", cents: -3_500 });
  });

  it("says a difference of nothing as such", () => {
    expect(linesTotal(moveLines(even))).toBe(0);
    expect(moveDifference(even)).toEqual({ label: "Difference", cents: 0 });
  });

  it("adds up when the fee eats more than the new seat leaves", () => {
    // $125.00 paid, a $50.00 fee, a $60.00 class: $15.00 back.
    const quote: MoveQuote = {
      ...cheaper,
      feeCents: 5_000,
      priceCents: 6_000,
      creditCents: 6_000,
      refundCents: 1_500,
    };
    expect(linesTotal(moveLines(quote))).toBe(quote.owedCents - quote.refundCents);
    expect(linesTotal(moveLines(quote))).toBe(-1_500);
  });

  it("shows signed money with a true minus sign", () => {
    expect(signedMoney(-12_500)).toBe("−$125.00");
    expect(signedMoney(4_500)).toBe("$45.00");
    expect(signedMoney(0)).toBe("$0.00");
  });

  it("says a card booking's difference goes back to the card; the desk's is the office's to hand back", () => {
    expect(cardRefundNote(cheaper, false)).toBe("$35.00 goes back to the card.");
    expect(cardRefundNote(cheaper, true)).toBeNull();
    expect(cardRefundNote(dearer, false)).toBeNull();
  });
});

describe("the fee in dollars", () => {
  it("reads whole cents from the digits, a blank as no fee", () => {
    expect(feeToCents("10")).toBe(1_000);
    expect(feeToCents("12.5")).toBe(1_250);
    expect(feeToCents("0.29")).toBe(29);
    expect(feeToCents("$1,000.10")).toBe(100_010);
    expect(feeToCents("  ")).toBe(0);
    expect(feeToCents("0")).toBe(0);
  });

  it("refuses three decimals, a negative and text", () => {
    expect(feeToCents("12.345")).toBeNaN();
    expect(feeToCents("-5")).toBeNaN();
    expect(feeToCents("ten")).toBeNaN();
    expect(feeToCents("1e3")).toBeNaN();
  });
});

describe("asking for the figures", () => {
  it("sends the class and the fee in whole cents", () => {
    expect(quoteRequest({ toClassId: "c-tennis", fee: "12.50" })).toEqual({
      body: { toClassId: "c-tennis", feeCents: 1_250 },
      problems: {},
    });
    const body = quoteRequest({ toClassId: "c-tennis", fee: "0.07" }).body;
    expect(Number.isInteger(body?.feeCents)).toBe(true);
    expect(body?.feeCents).toBe(7);
  });

  it("asks for a class and a fee that is money", () => {
    expect(quoteRequest({ toClassId: "", fee: "12.345" })).toEqual({
      body: null,
      problems: {
        toClassId: "Choose the class to move to.",
        feeCents: "Enter the fee in dollars, such as 10 or 12.50, or 0 for none.",
      },
    });
    expect(quoteRequest({ toClassId: "c-tennis", fee: "-5" }).problems.feeCents).toMatch(/^Enter the fee in dollars/);
    expect(quoteRequest({ toClassId: "c-tennis", fee: "20000" }).problems).toEqual({
      feeCents: "The fee is at most $10,000.00.",
    });
  });
});

describe("the move's body", () => {
  it("opens with no fee and the difference due two weeks from today", () => {
    expect(moveForm(TODAY)).toMatchObject({ fee: "0", dueDay: "2027-03-24", refundMethod: "" });
    expect(addDays("2027-12-25", 14)).toBe("2028-01-08");
    expect(addDays("2028-02-20", 14)).toBe("2028-03-05");
  });

  it("sends the day a difference owed is due", () => {
    expect(moveRequest(form(), dearer, { atTheDesk: true, today: TODAY })).toEqual({
      body: { toClassId: "c-tennis", feeCents: 1_000, dueDay: "2027-03-24" },
      problems: {},
    });
  });

  it("asks for a due day, not before today, when something is owed", () => {
    expect(moveRequest(form({ dueDay: "" }), dearer, { atTheDesk: true, today: TODAY })).toEqual({
      body: null,
      problems: { dueDay: "Say when the $45.00 difference is due." },
    });
    expect(moveRequest(form({ dueDay: "2027-03-09" }), dearer, { atTheDesk: true, today: TODAY }).problems.dueDay).toBe(
      "The difference cannot be due before today.",
    );
    // Nothing owed: no day is asked for or sent.
    const { body } = moveRequest(form({ fee: "0", dueDay: "" }), even, { atTheDesk: true, today: TODAY });
    expect(body).toEqual({ toClassId: "c-tennis", feeCents: 0 });
  });

  it("asks a desk booking how the office gives the difference back, with a cheque's number or a transfer's reference", () => {
    const desk = { atTheDesk: true, today: TODAY };
    expect(moveRequest(form({ fee: "0" }), cheaper, desk)).toEqual({
      body: null,
      problems: { refundMethod: "Choose how the office gives the $35.00 back." },
    });
    expect(moveRequest(form({ fee: "0", refundMethod: "cheque" }), cheaper, desk).problems).toEqual({
      refundReference: "The cheque number is required.",
    });
    expect(
      moveRequest(form({ fee: "0", refundMethod: "bank_transfer", refundReference: "  " }), cheaper, desk).problems,
    ).toEqual({ refundReference: "The transfer's reference is required." });
    expect(
      moveRequest(form({ fee: "0", refundMethod: "cheque", refundReference: "x".repeat(61) }), cheaper, desk).problems,
    ).toEqual({ refundReference: "At most 60 characters." });
    expect(moveRequest(form({ fee: "0", refundMethod: "cheque", refundReference: " 1042 " }), cheaper, desk)).toEqual({
      body: { toClassId: "c-tennis", feeCents: 0, refundMethod: "cheque", refundReference: "1042" },
      problems: {},
    });
    // Cash takes no reference, even one typed before the method changed.
    expect(moveRequest(form({ fee: "0", refundMethod: "cash", refundReference: "1042" }), cheaper, desk).body).toEqual({
      toClassId: "c-tennis",
      feeCents: 0,
      refundMethod: "cash",
    });
  });

  it("sends no refund method for a card booking: its difference goes back to the card", () => {
    expect(moveRequest(form({ fee: "0", refundMethod: "cash" }), cheaper, { atTheDesk: false, today: TODAY })).toEqual({
      body: { toClassId: "c-tennis", feeCents: 0 },
      problems: {},
    });
  });

  it("asks why the camper goes ahead of a waiting line, when the figures or the API say families wait", () => {
    const waiting = { ...dearer, aheadOfLine: true };
    expect(moveRequest(form({ aheadOfLineReason: "  " }), waiting, { atTheDesk: true, today: TODAY })).toEqual({
      body: null,
      problems: { aheadOfLineReason: "Say why this camper goes ahead of the waiting families." },
    });
    expect(
      moveRequest(form(), dearer, { atTheDesk: true, today: TODAY, lineAsked: true }).problems.aheadOfLineReason,
    ).toBe("Say why this camper goes ahead of the waiting families.");
    expect(
      moveRequest(form({ aheadOfLineReason: " Sibling in the class ", reason: " Wrong week booked " }), waiting, {
        atTheDesk: true,
        today: TODAY,
      }).body,
    ).toEqual({
      toClassId: "c-tennis",
      feeCents: 1_000,
      dueDay: "2027-03-24",
      aheadOfLineReason: "Sibling in the class",
      reason: "Wrong week booked",
    });
  });

  it("refuses a reason longer than the API takes, and a fee the figures were not for", () => {
    expect(moveRequest(form({ reason: "x".repeat(301) }), dearer, { atTheDesk: true, today: TODAY }).problems).toEqual({
      reason: "At most 300 characters.",
    });
    expect(moveRequest(form({ fee: "15" }), dearer, { atTheDesk: true, today: TODAY }).problems).toEqual({
      feeCents: "The fee changed: see the figures again.",
    });
    expect(moveRequest(form({ toClassId: "", fee: "ten" }), dearer, { atTheDesk: true, today: TODAY })).toEqual({
      body: null,
      problems: {
        toClassId: "Choose the class to move to.",
        feeCents: "Enter the fee in dollars, such as 10 or 12.50, or 0 for none.",
      },
    });
  });
});

describe("the API's refusals by field", () => {
  it("puts each message under a field the form shows, and the others with the alert", () => {
    const shown = shownFields(dearer, { refundMethod: "" }, { atTheDesk: true });
    expect(shown).toEqual(["toClassId", "feeCents", "dueDay", "reason"]);
    expect(
      placeMoveErrors(
        { dueDay: "The day the difference is due.", refundMethod: "Cash, cheque or bank transfer." },
        shown,
      ),
    ).toEqual({ placed: { dueDay: "The day the difference is due." }, other: ["Cash, cheque or bank transfer."] });
  });

  it("shows how the office gives money back only for a desk booking, and a reference only for a cheque or a transfer", () => {
    expect(shownFields(cheaper, { refundMethod: "cheque" }, { atTheDesk: true })).toEqual([
      "toClassId",
      "feeCents",
      "refundMethod",
      "refundReference",
      "reason",
    ]);
    expect(shownFields(cheaper, { refundMethod: "cash" }, { atTheDesk: true })).not.toContain("refundReference");
    expect(shownFields(cheaper, { refundMethod: "cash" }, { atTheDesk: false })).toEqual([
      "toClassId",
      "feeCents",
      "reason",
    ]);
    expect(shownFields(even, { refundMethod: "" }, { atTheDesk: true, lineAsked: true })).toContain(
      "aheadOfLineReason",
    );
  });
});

describe("words on the page", () => {
  it("names the move button by camper and class", () => {
    expect(moveButtonLabel({ camperName: "Mia Rivera", className: "Soccer Week 1" })).toBe(
      "Move to another class: Mia Rivera's seat in Soccer Week 1",
    );
  });

  it("names a class to move to with its free seats", () => {
    const cls = { class_name: "Tennis Week 2", available_seats: 12, enrolled_seats: 9 };
    expect(classChoiceText(cls)).toBe("Tennis Week 2 · 3 seats free");
    expect(classChoiceText({ ...cls, enrolled_seats: 11 })).toBe("Tennis Week 2 · 1 seat free");
    expect(classChoiceText({ ...cls, enrolled_seats: 12 })).toBe("Tennis Week 2 · full");
  });
});
