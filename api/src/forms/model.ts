import { createHash } from "node:crypto";
import { textProblem } from "../platform/text.js";

/**
 * A form as the academy builds it, and the rules of answering it: pure, so the model and its
 * versioning are unit-tested without a database (model.test.ts). The wire's schemas are in
 * fields.ts; the store keeps what this module accepts.
 */

export const FIELD_KINDS = [
  "short-text",
  "long-text",
  "yes-no",
  "one-choice",
  "many-choices",
  "date",
  "number",
  "file",
  "signature",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface FormField {
  /** The field's name in answers: stable across versions, so a changed label keeps its answers' meaning. */
  key: string;
  kind: FieldKind;
  label: string;
  help: string;
  required: boolean;
  /** Answers sealed like a camper's medical notes, each staff read recorded. */
  medical: boolean;
  /** The choices of `one-choice` and `many-choices`; empty for the others. */
  choices: string[];
  /** Bounds of a `number` (inclusive), when given. */
  min: number | null;
  max: number | null;
}

/** What a version holds: the text shown, and the fields asked. */
export interface FormContent {
  title: string;
  intro: string;
  fields: FormField[];
}

/** A signature block's answer: the full name typed, and the consent box ticked. */
export interface SignatureValue {
  name: string;
  agreed: true;
}
/**
 * A file question's answer: the upload it names (`POST /forms/:id/files`), with the name and kind
 * the server wrote when it kept the file (a family sends the id only).
 */
export interface FileValue {
  file_id: string;
  name?: string;
  kind?: "image" | "pdf";
}
export type AnswerValue = string | number | boolean | string[] | SignatureValue | FileValue;

export const isFileValue = (value: unknown): value is FileValue =>
  typeof value === "object" && value !== null && typeof (value as FileValue).file_id === "string";
export const isSignatureValue = (value: unknown): value is SignatureValue =>
  typeof value === "object" && value !== null && (value as SignatureValue).agreed === true;
export type Answers = Record<string, AnswerValue>;

export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;
export const MAX_FIELDS = 40;

/** Why a form's content cannot be published, by field path; empty when it can. */
export function contentProblems(content: FormContent, audience: "family" | "camper"): Record<string, string> {
  const problems: Record<string, string> = {};
  if (content.fields.length === 0) problems.fields = "Add at least one field.";
  if (content.fields.length > MAX_FIELDS) problems.fields = `At most ${MAX_FIELDS} fields.`;
  const keys = new Set<string>();
  let signatures = 0;
  content.fields.forEach((field, i) => {
    const at = `fields.${i}`;
    if (keys.has(field.key)) problems[`${at}.key`] = "Two fields have the same key.";
    keys.add(field.key);
    const choosing = field.kind === "one-choice" || field.kind === "many-choices";
    if (choosing && field.choices.length < 2) problems[`${at}.choices`] = "Give at least two choices.";
    if (choosing && new Set(field.choices).size !== field.choices.length) {
      problems[`${at}.choices`] = "Each choice must be different.";
    }
    if (!choosing && field.choices.length) problems[`${at}.choices`] = "Only a choice field has choices.";
    if (field.kind === "number" && field.min !== null && field.max !== null && field.min > field.max) {
      problems[`${at}.min`] = "The smallest number must not be larger than the largest.";
    }
    if (field.kind !== "number" && (field.min !== null || field.max !== null)) {
      problems[`${at}.min`] = "Only a number field has bounds.";
    }
    if (field.kind === "signature") {
      signatures += 1;
      if (field.medical) problems[`${at}.medical`] = "A signature is not a medical answer.";
      if (!field.required) problems[`${at}.required`] = "A signature is always required.";
    }
    if (field.medical && audience === "family") {
      problems[`${at}.medical`] = "Medical answers are about one camper: ask them in a form filled per camper.";
    }
  });
  if (signatures > 1) problems.fields = "A form has one signature block at most.";
  return problems;
}

/** Whether answering the form means signing it (it has a signature block). */
export const isWaiver = (content: Pick<FormContent, "fields">) => content.fields.some((f) => f.kind === "signature");

/**
 * The exact text a family answers and signs, as plain text: the title, the introduction, then each
 * field's label, help and choices in order. Its SHA-256 is what a signature records, and what the
 * signed PDF prints, so anyone can check that a signed copy matches the version kept.
 */
export function renderText(content: FormContent): string {
  const lines = [content.title, "", content.intro];
  content.fields.forEach((field, i) => {
    lines.push("", `${i + 1}. ${field.label}${field.required ? " (required)" : ""}`);
    if (field.help) lines.push(field.help);
    for (const choice of field.choices) lines.push(`- ${choice}`);
    if (field.kind === "signature") lines.push("Signed by typing one's full name and ticking the consent box.");
    if (field.kind === "file") lines.push("Answered by uploading a photo or a PDF.");
  });
  return lines.join("\n");
}

export const textHash = (content: FormContent) =>
  createHash("sha256").update(renderText(content), "utf8").digest("hex");

/** Whether two contents ask the same thing (publishing an unchanged content makes no version). */
export const sameContent = (a: FormContent, b: FormContent) => textHash(a) === textHash(b) && sameKinds(a, b);
const sameKinds = (a: FormContent, b: FormContent) =>
  JSON.stringify(a.fields.map(shape)) === JSON.stringify(b.fields.map(shape));
const shape = (f: FormField) => [f.key, f.kind, f.required, f.medical, f.min, f.max];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

const cleanText = (value: unknown, max: number, multiLine: boolean): string | { problem: string } => {
  if (typeof value !== "string") return { problem: "Must be text." };
  const text = (multiLine ? value.replace(/\r\n/g, "\n") : value).normalize("NFC").trim();
  const problem = textProblem(text, multiLine);
  if (problem) return { problem };
  if (text.length > max) return { problem: `At most ${max} characters.` };
  return text;
};

/** One field's answer checked and cleaned, or the reason it is refused (a message for the person). */
function checkValue(field: FormField, value: unknown): AnswerValue | { problem: string } {
  switch (field.kind) {
    case "short-text":
      return cleanText(value, SHORT_TEXT_MAX, false);
    case "long-text":
      return cleanText(value, LONG_TEXT_MAX, true);
    case "yes-no":
      return typeof value === "boolean" ? value : { problem: "Answer yes or no." };
    case "one-choice":
      return typeof value === "string" && field.choices.includes(value)
        ? value
        : { problem: "Choose one of the choices." };
    case "many-choices": {
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && field.choices.includes(v))) {
        return { problem: "Choose among the choices given." };
      }
      // In the form's order, each once.
      return field.choices.filter((c) => value.includes(c));
    }
    case "date":
      return typeof value === "string" && isRealDate(value) ? value : { problem: "Enter a date (YYYY-MM-DD)." };
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return { problem: "Enter a number." };
      if (field.min !== null && value < field.min) return { problem: `At least ${field.min}.` };
      if (field.max !== null && value > field.max) return { problem: `At most ${field.max}.` };
      return value;
    }
    case "file": {
      const id = (value as { file_id?: unknown } | null)?.file_id;
      return typeof id === "string" && UUID.test(id) ? { file_id: id } : { problem: "Upload a photo or a PDF." };
    }
    case "signature": {
      const given = (value ?? {}) as { name?: unknown; agreed?: unknown };
      const name = cleanText(given.name, 120, false);
      if (typeof name !== "string") return name;
      if (name.length < 2) return { problem: "Type your full name to sign." };
      if (given.agreed !== true) return { problem: "Tick the box to agree and sign." };
      return { name, agreed: true };
    }
  }
}

const REQUIRED: Partial<Record<FieldKind, string>> = {
  signature: "Type your full name to sign.",
  file: "Upload a photo or a PDF.",
};

/**
 * A family's answers checked against a version's fields: every required field answered, each value
 * of its kind, nothing unknown. Returns the cleaned answers, or the problems by field key.
 */
export function checkAnswers(
  fields: readonly FormField[],
  given: Record<string, unknown>,
): { answers: Answers; problems: null } | { answers: null; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const answers: Answers = {};
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(given)) if (!known.has(key)) problems[key] = "This form has no such question.";
  for (const field of fields) {
    const value = given[field.key];
    const inner = field.kind === "signature" ? "name" : field.kind === "file" ? "file_id" : null;
    if (isEmpty(value) || (inner && isEmpty((value as Record<string, unknown>)[inner]))) {
      if (field.required) problems[field.key] = REQUIRED[field.kind] ?? "This is required.";
      continue;
    }
    const checked = checkValue(field, value);
    if (typeof checked === "object" && checked !== null && "problem" in checked) problems[field.key] = checked.problem;
    else answers[field.key] = checked;
  }
  return Object.keys(problems).length ? { answers: null, problems } : { answers, problems: null };
}

/** Splits answers into those kept as they are and those sealed (the medical fields'). */
export function splitMedical(fields: readonly FormField[], answers: Answers) {
  const medical = new Set(fields.filter((f) => f.medical).map((f) => f.key));
  const open: Answers = {};
  const sealed: Answers = {};
  for (const [key, value] of Object.entries(answers)) (medical.has(key) ? sealed : open)[key] = value;
  return { open, sealed };
}

/**
 * The oldest version whose answers still count: answers to a version before the latest one that
 * asked to be signed again no longer do.
 */
export function oldestCountingVersion(versions: readonly { version: number; signAgain: boolean }[]): number {
  return versions.reduce((oldest, v) => (v.signAgain && v.version > oldest ? v.version : oldest), 1);
}

export type Completion = "complete" | "missing" | "late";

/**
 * Where one required form stands for one camper: complete once answered (and signed, for a waiver)
 * at a version that still counts; otherwise missing until its due date, late after it.
 */
export function completion(
  answeredVersion: number | null,
  oldestCounting: number,
  dueDate: string,
  today: string,
): Completion {
  if (answeredVersion !== null && answeredVersion >= oldestCounting) return "complete";
  return today > dueDate ? "late" : "missing";
}

/** The due date: N days before the camper's first day in the classes that need the form. */
export function dueDate(firstDay: string, dueDaysBefore: number): string {
  const date = new Date(`${firstDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - dueDaysBefore);
  return date.toISOString().slice(0, 10);
}
