import { describe, expect, it } from "vitest";
import {
  addDays,
  bodyOf,
  cutoffOf,
  emptyForm,
  emptyRow,
  exampleOf,
  exampleText,
  formOf,
  minimumOf,
  planFor,
  problemsOf,
  type PaymentPlan,
  type PlanForm,
} from "./plans";

const row = (over: Partial<ReturnType<typeof emptyRow>>) => ({ ...emptyRow(), ...over });

/** A deposit of 25%, 25% 60 days before the first day, the rest 21 days before it. */
const threeParts = (): PlanForm => ({
  ...emptyForm(),
  name: "Three payments",
  deposit: "25",
  instalments: [row({ days: "60", share: "25" }), row({ days: "21" })],
});

describe("the payment plan form", () => {
  it("sends the last instalment without a share, whatever was typed in it", () => {
    const form = threeParts();
    form.instalments[1]!.share = "50";
    expect(bodyOf(form)).toEqual({
      problems: {},
      body: {
        name: "Three payments",
        deposit: { percent: 25 },
        instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 25 } }, { due: { daysBeforeStart: 21 } }],
        cutoffDays: 21,
        classIds: [],
        minOrderCents: 0,
        paused: false,
      },
    });
  });

  it("sends dollars as whole cents: a deposit, a share and the minimum order", () => {
    const form: PlanForm = {
      ...threeParts(),
      depositKind: "amount",
      deposit: "100.10",
      instalments: [row({ when: "date", date: "2030-04-01", shareKind: "amount", share: "0.29" }), row({ days: "14" })],
      minOrder: "299.99",
    };
    expect(bodyOf(form).body).toMatchObject({
      deposit: { amountCents: 10_010 },
      instalments: [{ due: { date: "2030-04-01" }, share: { amountCents: 29 } }, { due: { daysBeforeStart: 14 } }],
      minOrderCents: 29_999,
    });
  });

  it("says each problem it can see by the server's name for the field, and leaves the sums to the server", () => {
    const form: PlanForm = {
      ...emptyForm(),
      deposit: "100",
      instalments: [
        row({ days: "0", share: "ten" }),
        row({ when: "date", date: "", shareKind: "amount", share: "1.234" }),
        row({ days: "400" }),
      ],
      cutoffDays: "-1",
      minOrder: "lots",
    };
    expect(bodyOf(form).problems).toEqual({
      name: "Give the plan a name families will read.",
      deposit: "A whole percent from 1 to 99.",
      "instalments.0.due": "A whole number of days from 1 to 365.",
      "instalments.0.share": "A whole percent from 1 to 99.",
      "instalments.1.due": "Choose the day it is due.",
      "instalments.1.share": "An amount in dollars a seat, such as 50 or 49.50.",
      "instalments.2.due": "A whole number of days from 1 to 365.",
      cutoffDays: "A whole number of days from 0 to 365.",
      minOrderCents: "An amount in dollars, such as 300 or 299.50, or leave it empty.",
    });
    // 25% + 80%: the server's to refuse (its words beside the instalments).
    const tooMuch = { ...threeParts(), instalments: [row({ days: "60", share: "80" }), row({ days: "21" })] };
    expect(bodyOf(tooMuch).problems).toEqual({});
  });

  it("reads a plan back into the form, and an edit leaves out instalments that did not change", () => {
    const plan = {
      _id: "p-1",
      name: "Spring",
      deposit: { amountCents: 5_050 },
      instalments: [{ due: { date: "2020-01-10" }, share: { percent: 30 } }, { due: { daysBeforeStart: 10 } }],
      summary: "",
      cutoffDays: 30,
      classIds: ["c-1"],
      classes: [{ _id: "c-1", name: "Swim Starters" }],
      minOrderCents: 20_000,
      paused: true,
    } satisfies PaymentPlan;
    const form = formOf(plan);
    expect(form).toMatchObject({
      depositKind: "amount",
      deposit: "50.50",
      cutoffDays: "30",
      minOrder: "200.00",
      paused: true,
      classes: [{ _id: "c-1", name: "Swim Starters" }],
    });
    expect(
      form.instalments.map(({ when, date, days, shareKind, share }) => ({ when, date, days, shareKind, share })),
    ).toEqual([
      { when: "date", date: "2020-01-10", days: "", shareKind: "percent", share: "30" },
      { when: "days", date: "", days: "10", shareKind: "percent", share: "" },
    ]);
    // A day that has passed since it was saved is not sent again (the API checks days that change).
    const { body } = bodyOf({ ...form, name: "Spring again" }, form);
    expect(body).not.toHaveProperty("instalments");
    expect(body).toMatchObject({ name: "Spring again", deposit: { amountCents: 5_050 }, classIds: ["c-1"] });
    const changed = { ...form, instalments: [form.instalments[0]!, { ...form.instalments[1]!, days: "7" }] };
    expect(bodyOf(changed, form).body).toHaveProperty("instalments");
  });

  it("takes the server's field names to the form's: a row's day or share, else the field", () => {
    expect(
      problemsOf({
        "instalments.1.share.percent": "A percent must be at most 99.",
        "instalments.0.due": "A due day is a date.",
        instalments: "The deposit and the instalments before the last come to 100% or more.",
        "classIds.2": "Not a valid class id.",
        "deposit.amountCents": "An amount must be at least 1.",
      }),
    ).toEqual({
      "instalments.1.share": "A percent must be at most 99.",
      "instalments.0.due": "A due day is a date.",
      instalments: "The deposit and the instalments before the last come to 100% or more.",
      classIds: "Not a valid class id.",
      deposit: "An amount must be at least 1.",
    });
  });
});

describe("the example before saving", () => {
  it("splits a $400.00 seat starting 90 days ahead by the shares, the last taking the rest", () => {
    const example = exampleOf(threeParts(), "2030-01-01");
    expect(example.start).toBe("2030-04-01");
    expect(exampleText(example)).toBe(
      "For a $400.00 seat starting Apr 1, 2030: $100.00 today, $100.00 on Jan 31, 2030, $200.00 on Mar 11, 2030.",
    );
    const amounts: PlanForm = {
      ...threeParts(),
      depositKind: "amount",
      deposit: "75.50",
      instalments: [row({ when: "date", date: "2030-02-15", shareKind: "amount", share: "100" }), row({ days: "1" })],
    };
    expect(exampleText(exampleOf(amounts, "2030-01-01"))).toBe(
      "For a $400.00 seat starting Apr 1, 2030: $75.50 today, $100.00 on Feb 15, 2030, $224.50 on Mar 31, 2030.",
    );
  });

  it("says when the shares leave nothing for the last, and when something is missing", () => {
    const tooMuch = { ...threeParts(), instalments: [row({ days: "60", share: "75" }), row({ days: "21" })] };
    expect(exampleText(exampleOf(tooMuch, "2030-01-01"))).toBe(
      "For a $400.00 seat starting Apr 1, 2030: the deposit and the shares before the last take the whole seat, so the last payment would have nothing left.",
    );
    expect(exampleOf(emptyForm(), "2030-01-01")).toMatchObject({ ok: false });
  });

  it("counts days on the calendar alone", () => {
    expect(addDays("2030-03-01", -1)).toBe("2030-02-28");
    expect(addDays("2030-03-09", 1)).toBe("2030-03-10");
    expect(addDays("2030-11-02", 90)).toBe("2031-01-31");
  });
});

describe("a plan in the list", () => {
  it("says who it is for, its minimum and its cut-off in words", () => {
    expect(planFor({ classes: [] })).toBe("All classes");
    expect(
      planFor({
        classes: [
          { _id: "a", name: "Swim Starters" },
          { _id: "b", name: null },
        ],
      }),
    ).toBe("Swim Starters, A deleted class");
    expect(minimumOf({ minOrderCents: 0 })).toBe("Any order");
    expect(minimumOf({ minOrderCents: 30_050 })).toBe("Orders from $300.50");
    expect(cutoffOf({ cutoffDays: 21 })).toBe("Until 21 days before the first day");
    expect(cutoffOf({ cutoffDays: 1 })).toBe("Until 1 day before the first day");
    expect(cutoffOf({ cutoffDays: 0 })).toBe("Until the first day");
  });
});
