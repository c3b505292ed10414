import type { FormAnswer, FormVersion, StaffCamperForms } from "shared-auth/wire";

/**
 * A camper's forms as the instructor reads them (GET /classes/:id/roster/:camperId/forms): each
 * form the class needs, its state, and the answers as lines of a question and what the family said.
 */
export type { StaffCamperForms };

const STATUS: Record<StaffCamperForms["forms"][number]["item"]["status"], string> = {
  complete: "Complete",
  missing: "Missing",
  late: "Late",
};

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Complete", or "Missing, due Jul 19, 2027": a calendar day, read the same in every time zone. */
export const statusText = (item: { status: keyof typeof STATUS; due_date: string }) =>
  item.status === "complete"
    ? STATUS.complete
    : `${STATUS[item.status]}, due ${dayFormat.format(new Date(`${item.due_date}T00:00:00Z`))}`;

/** A file question's answer, as the API keeps it. */
interface Uploaded {
  file_id: string;
  name: string;
  kind: "image" | "pdf";
}

const uploaded = (kind: string, value: unknown): Uploaded | null =>
  kind === "file" && typeof value === "object" && value !== null && "file_id" in value ? (value as Uploaded) : null;

/** One answer in words: yes/no, choices joined, a signature as who signed it. */
function valueText(kind: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "Not answered";
  if (kind === "yes-no") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "None chosen";
  if (kind === "signature" && typeof value === "object") return `Signed as ${(value as { name: string }).name}`;
  if (kind === "file" && typeof value === "object") {
    const file = value as Uploaded;
    return `Uploaded ${file.kind === "pdf" ? "a PDF" : "a photo"}: ${file.name}`;
  }
  return String(value);
}

/** The questions of the version answered, each with the family's answer, in the form's order. */
export function answerLines(version: Pick<FormVersion, "fields">, answer: Pick<FormAnswer, "values" | "unreadable">) {
  return version.fields.map((field) => ({
    key: field.key,
    label: field.label,
    medical: field.medical,
    text:
      field.medical && answer.unreadable && answer.values[field.key] === undefined
        ? "Kept but could not be opened: ask the family"
        : valueText(field.kind, answer.values[field.key]),
    /** A file to download (a staff read the API records), for a file question answered. */
    file: uploaded(field.kind, answer.values[field.key]),
  }));
}
