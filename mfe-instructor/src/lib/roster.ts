import type { CamperMedicalDetails as MedicalDetails, RosterEntry } from "shared-auth/wire";

/**
 * A class's roster as its instructor reads it (GET /classes/:id/roster, one row a seat, each naming
 * its camper and the account holder) and a camper's details on demand (GET
 * /classes/:id/roster/:camperId/medical), as the API's document says (generated: shared-auth/src/wire).
 */
export type { MedicalDetails, RosterEntry };
export type RosterCamper = RosterEntry["camper"];

/** The roster in roll-call order: by the camper's name, then the parent's e-mail. */
export function sortRoster(rows: RosterEntry[]): RosterEntry[] {
  return [...rows].sort(
    (a, b) =>
      a.camper.name.localeCompare(b.camper.name, "en", { sensitivity: "base" }) || a.email.localeCompare(b.email),
  );
}

/** The age column: the number, or why there is none. */
export function ageLabel(age: number | null): string {
  return age === null ? "Not given" : String(age);
}

const NONE = "None given";

/** The medical details as labelled lines of text, in the order a first-aider reads them. */
export function medicalLines(details: Pick<MedicalDetails, "allergies" | "medical_notes" | "medications">) {
  return [
    { label: "Allergies", text: details.allergies.trim() || NONE },
    { label: "Medical notes", text: details.medical_notes.trim() || NONE },
    { label: "Medications", text: details.medications.trim() || NONE },
  ];
}

/**
 * The CSV file's name, as the API names it (`roster-<class>.csv`): the browser cannot read the
 * API's Content-Disposition across origins (the API does not expose it).
 */
export function rosterFileName(className: string): string {
  const slug = className
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `roster-${slug || "class"}.csv`;
}

/** Marks a roster that prints; the one whose Print button was pressed also carries PRINTING. */
export const ROSTER_ATTR = "data-roster-print";
export const PRINTING_ATTR = "data-printing";

/**
 * The print rules for a page that shows a roster (decision 004 keeps this remote's stylesheet
 * inside `.mfe-instructor`, and the navbar, sidebar and footer are the shell's): printed, such a
 * page shows the roster only. Every element that neither holds a roster nor is inside one is left
 * out, whoever's it is; the elements that hold it lose their boxes (padding, borders, the sidebar's
 * flex row), so the table gets the paper's width. With a Print button pressed, only its roster.
 * The rules name no element of the shell and apply only while a roster is on the page.
 */
export function rosterPrintCss(): string {
  const target = (only: boolean) => (only ? `[${ROSTER_ATTR}][${PRINTING_ATTR}]` : `[${ROSTER_ATTR}]`);
  const page = (only: boolean) =>
    only ? `body:has(${target(true)})` : `body:has(${target(false)}):not(:has(${target(true)}))`;
  const rules = [false, true].flatMap((only) => {
    const t = target(only);
    return [
      `${page(only)} *:not(:has(${t}), ${t}, ${t} *) { display: none !important; }`,
      `${page(only)} :has(${t}):not(html, body) { display: block !important; margin: 0 !important; padding: 0 !important; border: 0 !important; max-width: none !important; min-height: 0 !important; box-shadow: none !important; background: none !important; }`,
    ];
  });
  return `@media print {\n${[
    ...rules,
    `[${ROSTER_ATTR}], [${ROSTER_ATTR}] * { color: #000 !important; background: #fff !important; box-shadow: none !important; }`,
    `[${ROSTER_ATTR}] tr { break-inside: avoid; }`,
  ]
    .map((r) => `  ${r}`)
    .join("\n")}\n}`;
}
