import { emailProblem, requiredTextProblem } from "shared-auth/family-fields";
import type { Academy, AcademyBody, SocialLinks, SocialSite } from "./academy-types";

/*
 * The academy's details form as rules (decision 051): the API's limits, checked here first so the
 * admin is told before anything is sent, and how the form becomes PUT /admin/academy's body. The
 * API checks everything again; its refusals are placed on the same fields by their paths.
 */

export const SOCIAL_SITES: readonly SocialSite[] = ["facebook", "instagram", "youtube", "x", "pinterest"];
/** The address takes one to three lines. */
export const ADDRESS_LINES = 3;

/** The API's limits, in characters once trimmed. */
export const ACADEMY_LIMITS = {
  name: 80,
  legalName: 120,
  addressLine: 120,
  senderName: 80,
  seasonText: 60,
  dayText: 400,
  replyTime: 60,
  link: 300,
} as const;

/** The API's phone rule: digits and separators, an optional leading +, 7 to 25 characters. */
const PHONE = /^\+?[0-9 ()./-]{7,25}$/;
/** A US employer identification number, the shape the API takes. */
const TAX_ID = /^[0-9]{2}-[0-9]{7}$/;

export interface AcademyFormValues {
  name: string;
  legalName: string;
  /** Always three inputs; the empty ones are left out of what is sent. */
  addressLines: string[];
  phone: string;
  email: string;
  replyToEmail: string;
  senderName: string;
  taxId: string;
  seasonText: string;
  dayText: string;
  replyTime: string;
  socialLinks: Record<SocialSite, string>;
  /** An uploaded image's path, or null for the site's own mark. */
  logoUrl: string | null;
}

/** A field as the API's 400 names it ("addressLines.1", "socialLinks.x"), which is also its key here. */
export type AcademyField =
  | Exclude<keyof AcademyFormValues, "addressLines" | "socialLinks">
  | `addressLines.${number}`
  | `socialLinks.${SocialSite}`;
export type AcademyProblems = Partial<Record<AcademyField, string>>;

/** The fields in the order the form shows them: the first problem in it takes focus. */
export const ACADEMY_FIELDS: readonly AcademyField[] = [
  "name",
  "senderName",
  "legalName",
  "taxId",
  ...Array.from({ length: ADDRESS_LINES }, (_, i) => `addressLines.${i}` as const),
  "phone",
  "email",
  "replyToEmail",
  "replyTime",
  "seasonText",
  "dayText",
  ...SOCIAL_SITES.map((site) => `socialLinks.${site}` as const),
  "logoUrl",
];

/** Problems in the form's order, so the first one focused is the first one on screen. */
export const inOrder = (problems: AcademyProblems): AcademyProblems =>
  Object.fromEntries(ACADEMY_FIELDS.filter((key) => problems[key]).map((key) => [key, problems[key]]));

/** The form as it opens: the academy as saved, its address padded to three inputs, no link as empty. */
export function academyFormValues(academy: Academy): AcademyFormValues {
  return {
    name: academy.name,
    legalName: academy.legalName,
    addressLines: Array.from({ length: ADDRESS_LINES }, (_, i) => academy.addressLines[i] ?? ""),
    phone: academy.phone,
    email: academy.email,
    replyToEmail: academy.replyToEmail ?? "",
    senderName: academy.senderName,
    taxId: academy.taxId,
    seasonText: academy.seasonText,
    dayText: academy.dayText,
    replyTime: academy.replyTime,
    socialLinks: Object.fromEntries(SOCIAL_SITES.map((site) => [site, academy.socialLinks[site] ?? ""])) as Record<
      SocialSite,
      string
    >,
    logoUrl: academy.logoUrl,
  };
}

const tooLong = (text: string, max: number) => `Keep it to ${max} characters (it has ${text.trim().length}).`;

const required = (text: string, max: number, missing: string) =>
  requiredTextProblem(text, max, missing, tooLong(text, max));

/** Whether the text is a whole https address (only https: a footer link never leaves for plain http). */
function isHttpsAddress(text: string): boolean {
  try {
    return new URL(text).protocol === "https:" && /^https:\/\//i.test(text);
  } catch {
    return false;
  }
}

/** A link's problem, or null: empty is no link. */
function linkProblem(text: string): string | null {
  const link = text.trim();
  if (link === "") return null;
  if (!isHttpsAddress(link)) return "A link starts with https://, as https://www.instagram.com/academy.";
  return link.length > ACADEMY_LIMITS.link ? tooLong(link, ACADEMY_LIMITS.link) : null;
}

/** The indexes of the address inputs that hold a line: what is sent, in order. */
const filledLines = (values: AcademyFormValues) =>
  values.addressLines.flatMap((line, i) => (line.trim() === "" ? [] : [i]));

/** PUT /admin/academy's body, or what to fix first. Texts are sent trimmed, as the API keeps them. */
export function academyInput(values: AcademyFormValues): { body: AcademyBody | null; problems: AcademyProblems } {
  const problems: AcademyProblems = {};
  const note = (field: AcademyField, problem: string | null) => {
    if (problem) problems[field] = problem;
  };
  note("name", required(values.name, ACADEMY_LIMITS.name, "Enter the academy's name."));
  note("legalName", required(values.legalName, ACADEMY_LIMITS.legalName, "Enter the academy's legal name."));
  const lines = filledLines(values);
  if (lines.length === 0) note("addressLines.0", "Enter the address, on one to three lines.");
  for (const i of lines) {
    const line = values.addressLines[i]!;
    if (line.trim().length > ACADEMY_LIMITS.addressLine)
      note(`addressLines.${i}`, tooLong(line, ACADEMY_LIMITS.addressLine));
  }
  const phone = values.phone.trim();
  if (phone === "") note("phone", "Enter the academy's phone number.");
  else if (!PHONE.test(phone)) note("phone", "Use digits, spaces, ( ) . / - and a leading +: 7 to 25 characters.");
  note("email", values.email.trim() === "" ? "Enter the academy's contact e-mail." : emailProblem(values.email));
  if (values.replyToEmail.trim() !== "") note("replyToEmail", emailProblem(values.replyToEmail));
  note("senderName", required(values.senderName, ACADEMY_LIMITS.senderName, "Enter the name e-mails come from."));
  const taxId = values.taxId.trim();
  if (!TAX_ID.test(taxId)) note("taxId", "Enter the tax id as two digits, a dash and seven digits: 12-3456789.");
  note("seasonText", required(values.seasonText, ACADEMY_LIMITS.seasonText, "Say when camp runs."));
  note("dayText", required(values.dayText, ACADEMY_LIMITS.dayText, "Say what a camp day looks like."));
  note("replyTime", required(values.replyTime, ACADEMY_LIMITS.replyTime, "Say how soon messages are answered."));
  for (const site of SOCIAL_SITES) note(`socialLinks.${site}`, linkProblem(values.socialLinks[site]));
  if (Object.keys(problems).length > 0) return { body: null, problems };

  // A site without a link is left out, and no reply-to is null: the API refuses empty texts there.
  const socialLinks: SocialLinks = {};
  for (const site of SOCIAL_SITES) {
    const link = values.socialLinks[site].trim();
    if (link !== "") socialLinks[site] = link;
  }
  const replyTo = values.replyToEmail.trim();
  const body: AcademyBody = {
    name: values.name.trim(),
    legalName: values.legalName.trim(),
    addressLines: lines.map((i) => values.addressLines[i]!.trim()),
    phone,
    email: values.email.trim(),
    replyToEmail: replyTo === "" ? null : replyTo,
    senderName: values.senderName.trim(),
    taxId,
    seasonText: values.seasonText.trim(),
    dayText: values.dayText.trim(),
    replyTime: values.replyTime.trim(),
    socialLinks,
    logoUrl: values.logoUrl,
  };
  return { body, problems };
}

/**
 * The API's 400 `fields` on the form's fields, and the messages no field shows. An address line
 * is named by its place in what was sent (empty inputs left out), so it is mapped back to its
 * input; a refusal of the whole address goes under its first line.
 */
export function placeAcademyErrors(
  fields: Record<string, string>,
  sent: AcademyFormValues,
): { shown: AcademyProblems; unplaced: string[] } {
  const lines = filledLines(sent);
  const shown: AcademyProblems = {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const line = /^addressLines(?:\.(\d+))?$/.exec(path);
    const key: AcademyField | undefined = line
      ? `addressLines.${line[1] === undefined ? 0 : (lines[Number(line[1])] ?? 0)}`
      : ACADEMY_FIELDS.find((field) => field === path);
    if (key) shown[key] ??= message;
    else unplaced.push(message);
  }
  return { shown, unplaced };
}
