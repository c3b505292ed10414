import { describe, expect, it } from "vitest";
import {
  checkAnswers,
  completion,
  contentProblems,
  dueDate,
  isWaiver,
  oldestCountingVersion,
  renderText,
  sameContent,
  splitMedical,
  textHash,
  type FormContent,
  type FormField,
} from "./model.js";

const field = (key: string, kind: FormField["kind"], more: Partial<FormField> = {}): FormField => ({
  key,
  kind,
  label: `Question ${key}`,
  help: "",
  required: true,
  medical: false,
  choices: [],
  min: null,
  max: null,
  ...more,
});

const waiver: FormContent = {
  title: "Liability waiver",
  intro: "I understand that sport carries a risk of injury.",
  fields: [
    field("swim", "yes-no", { label: "May your child swim in the deep end?" }),
    field("sign", "signature", { label: "Parent or guardian" }),
  ],
};

describe("a form's content", () => {
  it("is publishable with distinct keys, two choices or more, and one signature block at most", () => {
    expect(contentProblems(waiver, "camper")).toEqual({});
    const bad: FormContent = {
      ...waiver,
      fields: [
        field("a", "one-choice", { choices: ["Only one"] }),
        field("a", "short-text"),
        field("n", "number", { min: 10, max: 1 }),
        field("s1", "signature"),
        field("s2", "signature", { required: false }),
      ],
    };
    expect(contentProblems(bad, "camper")).toEqual({
      "fields.0.choices": "Give at least two choices.",
      "fields.1.key": "Two fields have the same key.",
      "fields.2.min": "The smallest number must not be larger than the largest.",
      "fields.4.required": "A signature is always required.",
      fields: "A form has one signature block at most.",
    });
    expect(contentProblems({ ...waiver, fields: [] }, "camper")).toEqual({ fields: "Add at least one field." });
  });

  it("asks medical questions only per camper, never in a signature", () => {
    const medical = { ...waiver, fields: [field("allergy", "long-text", { medical: true })] };
    expect(contentProblems(medical, "camper")).toEqual({});
    expect(contentProblems(medical, "family")["fields.0.medical"]).toMatch(/per camper/);
    const signed = { ...waiver, fields: [field("s", "signature", { medical: true })] };
    expect(contentProblems(signed, "camper")["fields.0.medical"]).toMatch(/not a medical/);
  });

  it("is a waiver when it has a signature block", () => {
    expect(isWaiver(waiver)).toBe(true);
    expect(isWaiver({ fields: [field("x", "short-text")] })).toBe(false);
  });
});

describe("a version's text and hash", () => {
  it("renders the title, introduction and each question in order", () => {
    const text = renderText({
      ...waiver,
      fields: [field("c", "one-choice", { choices: ["Red", "Blue"], required: false })],
    });
    expect(text).toBe(
      [
        "Liability waiver",
        "",
        "I understand that sport carries a risk of injury.",
        "",
        "1. Question c",
        "- Red",
        "- Blue",
      ].join("\n"),
    );
  });

  it("changes its hash with any word of the text, and only then", () => {
    const same = structuredClone(waiver);
    expect(textHash(same)).toBe(textHash(waiver));
    expect(textHash(same)).toMatch(/^[0-9a-f]{64}$/);
    expect(sameContent(same, waiver)).toBe(true);
    const reworded = { ...waiver, intro: `${waiver.intro} Every day.` };
    expect(textHash(reworded)).not.toBe(textHash(waiver));
    expect(sameContent(reworded, waiver)).toBe(false);
    // Same words, a question now optional: not the same content, though the text reads alike.
    const optional = { ...waiver, fields: [{ ...waiver.fields[0]!, required: false }, waiver.fields[1]!] };
    expect(sameContent(optional, waiver)).toBe(false);
  });
});

describe("answers", () => {
  const fields = [
    field("name", "short-text"),
    field("notes", "long-text", { required: false, medical: true }),
    field("swim", "yes-no"),
    field("shirt", "one-choice", { choices: ["S", "M", "L"] }),
    field("days", "many-choices", { choices: ["Mon", "Tue", "Wed"], required: false }),
    field("seen", "date", { required: false }),
    field("weight", "number", { min: 10, max: 150, required: false }),
    field("sign", "signature"),
  ];

  it("are cleaned: trimmed text, choices in the form's order, a signature's name", () => {
    const result = checkAnswers(fields, {
      name: "  Mia  ",
      notes: "Peanuts\r\nand bees",
      swim: false,
      shirt: "M",
      days: ["Wed", "Mon"],
      seen: "2026-02-28",
      weight: 31.5,
      sign: { name: " Ana Parent ", agreed: true },
    });
    expect(result.problems).toBeNull();
    expect(result.answers).toEqual({
      name: "Mia",
      notes: "Peanuts\nand bees",
      swim: false,
      shirt: "M",
      days: ["Mon", "Wed"],
      seen: "2026-02-28",
      weight: 31.5,
      sign: { name: "Ana Parent", agreed: true },
    });
  });

  it("are refused with a reason per field: required, of their kind, known", () => {
    const result = checkAnswers(fields, {
      name: "   ",
      shirt: "XL",
      days: ["Sun"],
      seen: "2026-02-30",
      weight: 200,
      sign: { name: "Ana Parent", agreed: false },
      extra: "?",
    });
    expect(result.problems).toEqual({
      name: "This is required.",
      swim: "This is required.",
      shirt: "Choose one of the choices.",
      days: "Choose among the choices given.",
      seen: "Enter a date (YYYY-MM-DD).",
      weight: "At most 150.",
      sign: "Tick the box to agree and sign.",
      extra: "This form has no such question.",
    });
    expect(checkAnswers([field("sign", "signature")], { sign: { agreed: true } }).problems).toEqual({
      sign: "Type your full name to sign.",
    });
    expect(checkAnswers([field("t", "short-text")], { t: "a\u202Eb" }).problems?.t).toMatch(/direction/);
    // A file question takes an upload's id only; the name and kind are the server's to add.
    const id = "0b5f8f58-3a57-4f55-9a57-8c1f6a1f2b11";
    expect(checkAnswers([field("doc", "file")], { doc: { file_id: id, name: "<b>.pdf" } }).answers).toEqual({
      doc: { file_id: id },
    });
    expect(checkAnswers([field("doc", "file")], { doc: { file_id: "../etc" } }).problems).toEqual({
      doc: "Upload a photo or a PDF.",
    });
    expect(checkAnswers([field("doc", "file")], { doc: {} }).problems).toEqual({ doc: "Upload a photo or a PDF." });
    expect(checkAnswers([{ ...field("doc", "file"), required: false }], {}).answers).toEqual({});
    expect(checkAnswers([field("t", "short-text")], { t: "x".repeat(201) }).problems?.t).toBe(
      "At most 200 characters.",
    );
  });

  it("keep the medical ones apart, to be sealed", () => {
    const answers = { name: "Mia", notes: "Asthma" };
    expect(splitMedical(fields, answers)).toEqual({ open: { name: "Mia" }, sealed: { notes: "Asthma" } });
  });
});

describe("versions and completion", () => {
  it("count answers from the latest version that asked to be signed again", () => {
    expect(oldestCountingVersion([{ version: 1, signAgain: false }])).toBe(1);
    expect(
      oldestCountingVersion([
        { version: 1, signAgain: false },
        { version: 2, signAgain: true },
        { version: 3, signAgain: false },
      ]),
    ).toBe(2);
  });

  it("is complete at a counting version; missing, then late after the due date", () => {
    expect(completion(2, 2, "2027-06-01", "2027-06-02")).toBe("complete");
    expect(completion(1, 2, "2027-06-01", "2027-06-01")).toBe("missing");
    expect(completion(null, 1, "2027-06-01", "2027-06-02")).toBe("late");
  });

  it("falls due N days before the first day, across months and leap days", () => {
    expect(dueDate("2028-03-02", 2)).toBe("2028-02-29");
    expect(dueDate("2027-07-01", 0)).toBe("2027-07-01");
  });
});
