import { z } from "zod";

/**
 * The one rule for every text a client sends (names, class names, details, messages, feedback):
 * trimmed and in Unicode's composed form (NFC, what a user typing it expects), and refused with a
 * 400 naming the field when it holds characters nobody types on purpose: control characters
 * (PostgreSQL refuses NUL outright, and the others print as nothing) and the bidirectional
 * embeddings, overrides and isolates that make a name read backwards on every page showing it.
 * Multi-line fields keep line breaks and tabs; single-line fields refuse them too.
 */

// C0 controls but \t and \n, DEL, C1 controls; a lone carriage return is refused too.
/* eslint-disable no-control-regex -- matching control characters is the point */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/u;
/* eslint-enable no-control-regex */
// U+202A-U+202E (embeddings, overrides), U+2066-U+2069 (isolates).
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

const CONTROL_MESSAGE = "Must not contain control characters.";
const LINE_BREAK_MESSAGE = "Must be a single line.";
const BIDI_MESSAGE = "Must not contain text-direction control characters.";
const BROKEN_MESSAGE = "Must be valid Unicode text.";
// Half of a UTF-16 pair on its own (JSON can carry one; it is no character at all).
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why a text breaks the rule, or null when it keeps it. */
export function textProblem(value: string, multiLine: boolean): string | null {
  if (LONE_SURROGATE.test(value)) return BROKEN_MESSAGE;
  if (!multiLine && /[\r\n]/.test(value)) return LINE_BREAK_MESSAGE;
  if ((multiLine ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value)) return CONTROL_MESSAGE;
  if (BIDI_CONTROLS.test(value)) return BIDI_MESSAGE;
  return null;
}

interface TextOptions {
  /** Shown when the trimmed text is empty; absent: an empty text is allowed. */
  required?: string;
  max: number;
  /** Shown when the trimmed text is longer than max (default: "At most {max} characters."). */
  tooLong?: string;
  /** Keeps line breaks (\r\n becomes \n) and tabs. */
  multiLine?: boolean;
}

/** A text field of a request body: `text({ required: "Name is required", max: 120 })`. */
export function text({ required, max, tooLong, multiLine = false }: TextOptions) {
  const rule =
    `${required ? "Required; t" : "T"}rimmed, at most ${max} characters; ` +
    `no control characters${multiLine ? " but line breaks and tabs" : ""}, no text-direction overrides or isolates.`;
  return z
    .string({ error: required ?? "Must be text." })
    .meta({ description: rule })
    .transform((s) => (multiLine ? s.replace(/\r\n/g, "\n") : s))
    .check((ctx) => {
      const problem = textProblem(ctx.value, multiLine);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
    })
    .transform((s) => s.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { error: required ?? "" })
        .max(max, { error: tooLong ?? `At most ${max} characters.` }),
    );
}

/**
 * Text that comes from elsewhere (a Firebase account's display name): made to keep the rule
 * instead of refused, since its owner cannot fix it here.
 */
export function cleanText(value: string, max: number): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .replace(new RegExp(`${CONTROL_SINGLE_LINE.source}|${BIDI_CONTROLS.source}|${LONE_SURROGATE.source}`, "gu"), "")
    .normalize("NFC")
    .trim()
    .slice(0, max);
}
