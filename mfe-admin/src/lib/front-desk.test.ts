import { describe, expect, it } from "vitest";
import {
  bookingRequest,
  canSearch,
  dollarsInput,
  dollarsToCents,
  isWaitingLineRefusal,
  moneyText,
  paymentForm,
  paymentRequest,
  placeFieldErrors,
  quoteFits,
  searchStatus,
  statusText,
  toggleSeat,
  type FamilySummary,
  type PaymentFormValues,
} from "./front-desk";

const TODAY = "2027-03-10";
const seats = [
  { classId: "c-1", camperId: "k-1" },
  { classId: "c-2", camperId: "k-1" },
];
const form = (over: Partial<PaymentFormValues>): PaymentFormValues => ({ ...paymentForm(40_000, TODAY), ...over });

describe("money at the desk", () => {
  it("reads dollars as typed into whole cents, without float rounding", () => {
    expect(dollarsToCents("85")).toBe(8_500);
    expect(dollarsToCents(" 85.5 ")).toBe(8_550);
    expect(dollarsToCents("$1,234.56")).toBe(123_456);
    expect(dollarsToCents("0.29")).toBe(29);
    expect(dollarsToCents("1.005")).toBeNaN();
    expect(dollarsToCents("12,34")).toBeNaN();
    expect(dollarsToCents("-5")).toBeNaN();
    expect(dollarsToCents("")).toBeNaN();
    expect(dollarsToCents("ten")).toBeNaN();
  });

  it("shows cents as the office reads money, and as a dollars field starts", () => {
    expect(moneyText(123_456)).toBe("$1,234.56");
    expect(moneyText(0)).toBe("$0.00");
    expect(dollarsInput(123_456)).toBe("1234.56");
    expect(dollarsInput(5)).toBe("0.05");
  });
});

describe("an order's state in words", () => {
  it("uses the API's status and says when the balance is overdue", () => {
    expect(statusText({ status: "paid", overdue: false, owedCents: 0 })).toBe("Paid");
    expect(statusText({ status: "partially paid", overdue: false, owedCents: 100 })).toBe("Partially paid");
    expect(statusText({ status: "balance due", overdue: true, owedCents: 100 })).toBe("Balance due, overdue");
    // Paid since: no longer overdue whatever the flag says.
    expect(statusText({ status: "paid", overdue: true, owedCents: 0 })).toBe("Paid");
  });
});

describe("the booking's body", () => {
  it("takes the whole total in cash by default, received today, with no due day", () => {
    expect(bookingRequest(form({}), { seats, totalCents: 40_000, today: TODAY })).toEqual({
      body: { seats, payment: { method: "cash", amountCents: 40_000, receivedOn: TODAY } },
      problems: {},
    });
  });

  it("asks for a cheque's number or a transfer's reference, and sends it trimmed", () => {
    const cheque = bookingRequest(form({ method: "cheque" }), { seats, totalCents: 40_000, today: TODAY });
    expect(cheque.problems).toEqual({ reference: "The cheque number is required." });
    const transfer = bookingRequest(form({ method: "bank_transfer", reference: "  " }), {
      seats,
      totalCents: 40_000,
      today: TODAY,
    });
    expect(transfer.problems).toEqual({ reference: "The transfer's reference is required." });
    const ok = bookingRequest(form({ method: "cheque", reference: " 001234 " }), {
      seats,
      totalCents: 40_000,
      today: TODAY,
    });
    expect(ok.problems).toEqual({});
    expect(ok.body.payment).toEqual({ method: "cheque", amountCents: 40_000, reference: "001234", receivedOn: TODAY });
  });

  it("asks when the balance is due whenever less than the total is paid", () => {
    const part = form({ amount: "150" });
    expect(bookingRequest(part, { seats, totalCents: 40_000, today: TODAY }).problems).toEqual({
      dueDay: "A balance due date is required when less than the total is paid.",
    });
    expect(
      bookingRequest({ ...part, dueDay: "2027-03-09" }, { seats, totalCents: 40_000, today: TODAY }).problems,
    ).toEqual({ dueDay: "The balance cannot be due before today." });
    expect(bookingRequest({ ...part, dueDay: "2027-04-01" }, { seats, totalCents: 40_000, today: TODAY })).toEqual({
      body: {
        seats,
        payment: { method: "cash", amountCents: 15_000, receivedOn: TODAY },
        dueDay: "2027-04-01",
      },
      problems: {},
    });
  });

  it("books with nothing received on Pay later, which needs the due day", () => {
    const later = form({ method: "later", amount: "whatever" });
    expect(bookingRequest(later, { seats, totalCents: 40_000, today: TODAY }).problems).toEqual({
      dueDay: "A balance due date is required when less than the total is paid.",
    });
    expect(bookingRequest({ ...later, dueDay: TODAY }, { seats, totalCents: 40_000, today: TODAY }).body).toEqual({
      seats,
      payment: null,
      dueDay: TODAY,
    });
  });

  it("refuses an amount that is not money, nothing, or more than the total; a day received after today", () => {
    const check = (over: Partial<PaymentFormValues>) =>
      bookingRequest(form(over), { seats, totalCents: 40_000, today: TODAY }).problems;
    expect(check({ amount: "12.345" })).toEqual({ amountCents: "Enter an amount in dollars, such as 120 or 85.50." });
    expect(check({ amount: "0", dueDay: TODAY }).amountCents).toBe("Enter the amount received, or choose Pay later.");
    expect(check({ amount: "400.01" }).amountCents).toBe("At most $400.00, the amount due.");
    expect(check({ receivedOn: "2027-03-11" }).receivedOn).toBe("The day received cannot be after today.");
    expect(check({ receivedOn: "" }).receivedOn).toBe("Enter the day the money was received.");
  });

  it("takes no payment for seats that cost nothing, and needs at least one seat", () => {
    expect(bookingRequest(form({ method: "later" }), { seats, totalCents: 0, today: TODAY })).toEqual({
      body: { seats, payment: null },
      problems: {},
    });
    expect(bookingRequest(form({}), { seats: [], totalCents: 40_000, today: TODAY }).problems.seats).toBe(
      "Choose at least one seat: a class and a camper.",
    );
  });

  it("sends the reason to book ahead of the line once asked for, and needs it then", () => {
    expect(bookingRequest(form({}), { seats, totalCents: 40_000, today: TODAY, reason: " " }).problems).toEqual({
      aheadOfLineReason: "Say why this family books ahead of the line.",
    });
    expect(
      bookingRequest(form({}), { seats, totalCents: 40_000, today: TODAY, reason: " Sibling already enrolled " }).body
        .aheadOfLineReason,
    ).toBe("Sibling already enrolled");
  });
});

describe("a payment recorded later", () => {
  it("takes up to what the order owes, never Pay later", () => {
    expect(paymentRequest(form({ amount: "50" }), { owedCents: 25_000, today: TODAY })).toEqual({
      body: { method: "cash", amountCents: 5_000, receivedOn: TODAY },
      problems: {},
    });
    expect(paymentRequest(form({ amount: "250.01" }), { owedCents: 25_000, today: TODAY }).problems).toEqual({
      amountCents: "At most $250.00, the amount due.",
    });
    expect(paymentRequest(form({ method: "later" }), { owedCents: 25_000, today: TODAY })).toEqual({
      body: null,
      problems: { method: "Choose how the money was paid." },
    });
    expect(paymentRequest(form({ amount: "0" }), { owedCents: 25_000, today: TODAY }).problems.amountCents).toBe(
      "Enter the amount received.",
    );
  });
});

describe("the API's field messages", () => {
  it("land on the form's fields (a booking's payment.* too); the rest are said with the alert", () => {
    expect(
      placeFieldErrors({
        "payment.reference": "Too long",
        dueDay: "Not a day",
        "seats.0.classId": "No such class",
        colour: "Unknown",
      }),
    ).toEqual({
      placed: { reference: "Too long", dueDay: "Not a day", seats: "No such class" },
      other: ["Unknown"],
    });
  });
});

describe("seats and quotes", () => {
  it("adds a seat or takes it out again", () => {
    const one = toggleSeat([], seats[0]!);
    expect(one).toEqual([seats[0]]);
    expect(toggleSeat(one, { ...seats[0]! })).toEqual([]);
  });

  it("keeps a quote only while it prices exactly the seats chosen", () => {
    const line = (s: (typeof seats)[number]) => ({
      ...s,
      className: "",
      camperName: "",
      listPriceCents: 1,
      priceCents: 1,
      discounts: [],
    });
    const quote = { lines: seats.map(line), totalCents: 2 };
    expect(quoteFits(quote, [...seats].reverse())).toBe(true);
    expect(quoteFits(quote, seats.slice(0, 1))).toBe(false);
    expect(quoteFits(quote, [...seats, { classId: "c-3", camperId: "k-1" }])).toBe(false);
  });
});

describe("the family search", () => {
  const family = (name: string): FamilySummary => ({
    _id: name,
    name,
    email: `${name}@example.com`,
    phone: null,
    claimed: true,
    campers: [],
    owedCents: 0,
  });

  it("asks for two characters, then says what it found", () => {
    expect(canSearch(" a ")).toBe(false);
    expect(canSearch("ab")).toBe(true);
    expect(searchStatus("a", undefined, false)).toMatch(/^Type at least 2 characters/);
    expect(searchStatus("riv", undefined, false)).toBe("Looking for families…");
    expect(searchStatus("riv", [], false)).toBe("No family matches “riv”.");
    expect(searchStatus("riv", [family("a")], false)).toBe("1 family matches “riv”.");
    expect(
      searchStatus(
        "riv",
        Array.from({ length: 20 }, (_, i) => family(`f${i}`)),
        false,
      ),
    ).toBe("20 families match “riv”. Only the first 20 show: type more to narrow it.");
  });
});

describe("a refusal because families wait in line", () => {
  const refusal = (status: number, data: unknown) => ({ isAxiosError: true, response: { status, data } });

  const asked = { aheadOfLineReason: "Say why this family goes ahead of the families waiting." };

  it("is a 409 whose fields ask for the reason to go ahead of the line", () => {
    expect(
      isWaitingLineRefusal(refusal(409, { message: "Families are waiting in the line of Kayak.", fields: asked })),
    ).toBe(true);
    expect(isWaitingLineRefusal(refusal(409, { message: "Families are waiting in the line of Kayak." }))).toBe(false);
    expect(isWaitingLineRefusal(refusal(409, { message: "Kayak is full." }))).toBe(false);
    expect(isWaitingLineRefusal(refusal(400, { message: "waitlist", fields: asked }))).toBe(false);
    expect(isWaitingLineRefusal(new Error("waitlist"))).toBe(false);
  });
});
