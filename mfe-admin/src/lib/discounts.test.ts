import { describe, expect, it } from "vitest";
import { appliesTo, bodyOf, emptyForm, formOf, foundText, toCents, toggleClass, type Discount } from "./discounts";

describe("the discount form", () => {
  it("turns dollars into cents exactly, and refuses what is not money", () => {
    expect(toCents("19.99")).toBe(1999);
    expect(toCents("0.29")).toBe(29);
    expect(toCents("20")).toBe(2000);
    expect(toCents("1.234")).toBeNaN();
    expect(toCents("-5")).toBeNaN();
  });

  it("sends a fixed-amount code in cents, with its limits", () => {
    const form = {
      ...emptyForm(),
      name: "Flyer",
      code: "flyer",
      type: "amount" as const,
      value: "12.50",
      maxUses: "10",
      minOrder: "100",
    };
    expect(bodyOf(form, false)).toEqual({
      problems: {},
      body: {
        kind: "code",
        name: "Flyer",
        code: "flyer",
        percentOff: null,
        amountOffCents: 1250,
        validFrom: null,
        validUntil: null,
        maxUses: 10,
        maxUsesPerFamily: null,
        minOrderCents: 10_000,
        classIds: [],
        sports: [],
        paused: false,
      },
    });
  });

  it("a sibling discount is a percent and nothing else; an edit does not send the kind", () => {
    const form = { ...emptyForm("sibling"), name: "Siblings", value: "10" };
    expect(bodyOf(form, true)).toEqual({ problems: {}, body: { name: "Siblings", percentOff: 10, paused: false } });
    expect(bodyOf({ ...form, value: "" }, true).problems).toEqual({ percentOff: "A whole percent from 1 to 100." });
  });

  it("reads a discount back into the form", () => {
    const d = {
      kind: "code",
      name: "X",
      code: "X1",
      percentOff: null,
      amountOffCents: 505,
      minSeats: null,
      validFrom: null,
      validUntil: "2027-06-01",
      maxUses: 3,
      maxUsesPerFamily: null,
      classIds: [],
      sports: ["golf"],
      minOrderCents: 0,
      paused: true,
    } as unknown as Discount;
    expect(formOf(d)).toMatchObject({
      type: "amount",
      value: "5.05",
      validUntil: "2027-06-01",
      maxUses: "3",
      sports: ["golf"],
      paused: true,
    });
  });
});

describe("the classes a code is for", () => {
  const swim = { _id: "c-swim", class_name: "Swim Starters" };
  const tennis = { _id: "c-tennis", class_name: "Tennis Serve & Volley" };

  it("are chosen and taken out by id, in the order chosen, with their names", () => {
    const one = toggleClass([], swim);
    const two = toggleClass(one, tennis);
    expect(two).toEqual([
      { _id: "c-swim", name: "Swim Starters" },
      { _id: "c-tennis", name: "Tennis Serve & Volley" },
    ]);
    expect(toggleClass(two, swim)).toEqual([{ _id: "c-tennis", name: "Tennis Serve & Volley" }]);
  });

  it("are sent by id (codes only), and read back with their names (a deleted class has none)", () => {
    const form = { ...emptyForm(), name: "Swim", code: "SWIM", value: "10", classes: toggleClass([], swim) };
    expect(bodyOf(form, true).body).toMatchObject({ classIds: ["c-swim"], sports: [] });
    expect(bodyOf({ ...form, kind: "sibling" }, true).body).not.toHaveProperty("classIds");
    const d = {
      ...({} as Discount),
      kind: "code" as const,
      classIds: ["c-swim", "c-gone"],
      classes: [
        { _id: "c-swim", name: "Swim Starters" },
        { _id: "c-gone", name: null },
      ],
      sports: [],
    };
    expect(formOf(d).classes).toEqual(d.classes);
    // An older answer without names keeps the ids all the same.
    expect(formOf({ ...d, classes: undefined } as unknown as Discount).classes).toEqual([
      { _id: "c-swim", name: null },
      { _id: "c-gone", name: null },
    ]);
  });

  it("are said by name in the list, with the sports; nothing named: every class", () => {
    expect(appliesTo({ kind: "code", sports: [], classes: [] })).toBe("Every class");
    expect(appliesTo({ kind: "sibling", sports: [], classes: [] })).toBe("Every class");
    expect(
      appliesTo({
        kind: "code",
        sports: ["tennis", "table-tennis"],
        classes: [
          { _id: "c-swim", name: "Swim Starters" },
          { _id: "c-gone", name: null },
        ],
      }),
    ).toBe("Swim Starters, A deleted class, every Tennis class, every Table tennis class");
  });

  it("the search's results are counted in words, for the live region", () => {
    expect(foundText(0, "")).toBe("There are no approved classes yet.");
    expect(foundText(0, " zumba ")).toBe("No approved class matches “zumba”.");
    expect(foundText(1, "swim")).toBe("1 approved class matches “swim”.");
    expect(foundText(1234, "")).toBe("1,234 approved classes.");
    expect(foundText(3, "tennis")).toBe("3 approved classes match “tennis”.");
  });
});
