import { dollarsInput, dollarsToCents, moneyText } from "./front-desk";
import type { AdminAidApplication, AidSeason, AidSeasonBody, AidStatus, AwardBody } from "./aid-types";

/*
 * Financial aid at the front desk: the season's figures and each application in the office's
 * words, and the checks of its three forms (the season's settings, an award, a refusal). The
 * checks are the API's rules, made here first so the office is told before anything is sent;
 * the API checks again (the budget left, a decision made meanwhile) and its answer is shown.
 */

/** The season an office sets up when there is none: next year, on the academy's calendar. */
export const nextSeason = (today: string) => Number(today.slice(0, 4)) + 1;

/** What can still be awarded: the budget less what is awarded (used or not). */
export const leftToAward = (s: Pick<AidSeason, "budgetCents" | "awardedCents">) =>
  Math.max(s.budgetCents - s.awardedCents, 0);

/** "Budget $5,000.00 · awarded $1,200.00 · used $300.00 · left $3,800.00". */
export const figuresText = (s: AidSeason) =>
  `Budget ${moneyText(s.budgetCents)} · awarded ${moneyText(s.awardedCents)} · used ${moneyText(s.usedCents)} · left ${moneyText(leftToAward(s))}`;

export const STATUS_TEXT: Record<AidStatus, string> = {
  pending: "Pending",
  awarded: "Awarded",
  declined: "Declined",
};

/** An award in a cell: "$300.00, up to 50% of each seat; $120.00 used"; "None" before one. */
export function awardText(a: Pick<AdminAidApplication, "awardCents" | "awardPercent" | "usedCents">): string {
  if (a.awardCents === null) return "None";
  if (a.awardCents === 0) return "Withdrawn";
  const share = a.awardPercent === null ? "" : `, up to ${a.awardPercent}% of each seat`;
  return `${moneyText(a.awardCents)}${share}; ${moneyText(a.usedCents)} used`;
}

/** A form's problems by its own field names, from the API's `fields` named its way. */
export function placeFields<K extends string>(
  fields: Record<string, string>,
  formField: Record<string, K>,
): { shown: Partial<Record<K, string>>; unplaced: string[] } {
  const shown: Partial<Record<K, string>> = {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const key = formField[path];
    if (key) shown[key] = message;
    else unplaced.push(message);
  }
  return { shown, unplaced };
}

const wholeIn = (text: string, min: number, max: number) =>
  /^\d+$/.test(text.trim()) && Number(text.trim()) >= min && Number(text.trim()) <= max;

/** The API's limits (its 400 names the field past one of them). */
export const AID_LIMITS = {
  firstSeason: 2000,
  lastSeason: 2100,
  budgetMaxCents: 100_000_000,
  capMinCents: 100,
  capMaxCents: 10_000_000,
  introMax: 2000,
  noteMax: 1000,
} as const;

const tooLong = (text: string, max: number) =>
  text.trim().length > max
    ? `Keep it to ${max.toLocaleString("en-US")} characters (it has ${text.trim().length.toLocaleString("en-US")}).`
    : null;

// The season's settings.

export interface SeasonFormValues {
  season: string;
  budget: string;
  cap: string;
  open: boolean;
  intro: string;
}
export type SeasonField = "season" | "budget" | "cap" | "intro";
/** The form's order: the first problem in it takes focus. */
export const SEASON_FIELDS: SeasonField[] = ["season", "budget", "cap", "intro"];
export const SEASON_FORM_FIELD: Record<string, SeasonField> = {
  season: "season",
  budgetCents: "budget",
  camperCapCents: "cap",
  intro: "intro",
};

/** The form as it opens: the season's settings, or a new season's (closed until the office opens it). */
export function seasonFormValues(season: AidSeason | null, year: number): SeasonFormValues {
  return {
    season: String(season?.season ?? year),
    budget: season ? dollarsInput(season.budgetCents) : "",
    cap: season ? dollarsInput(season.camperCapCents) : "",
    open: season?.open ?? false,
    intro: season?.intro ?? "",
  };
}

/** PUT /admin/aid/seasons/:season's season and body, or what to fix first. */
export function seasonInput(values: SeasonFormValues): {
  season: number;
  body: AidSeasonBody | null;
  problems: Partial<Record<SeasonField, string>>;
} {
  const problems: Partial<Record<SeasonField, string>> = {};
  const budgetCents = dollarsToCents(values.budget);
  const camperCapCents = dollarsToCents(values.cap);
  if (!wholeIn(values.season, AID_LIMITS.firstSeason, AID_LIMITS.lastSeason)) {
    problems.season = "Enter the camp year, for example 2028.";
  }
  if (Number.isNaN(budgetCents) || budgetCents > AID_LIMITS.budgetMaxCents) {
    problems.budget = `Enter the season's budget in dollars, up to ${moneyText(AID_LIMITS.budgetMaxCents)}.`;
  }
  if (
    Number.isNaN(camperCapCents) ||
    camperCapCents < AID_LIMITS.capMinCents ||
    camperCapCents > AID_LIMITS.capMaxCents
  ) {
    problems.cap = `Enter the most one camper can get, from ${moneyText(AID_LIMITS.capMinCents)} to ${moneyText(AID_LIMITS.capMaxCents)}.`;
  }
  const introProblem = tooLong(values.intro, AID_LIMITS.introMax);
  if (introProblem) problems.intro = introProblem;
  const intro = values.intro.trim();
  const body = { budgetCents, camperCapCents, open: values.open, intro: intro === "" ? null : intro };
  return { season: Number(values.season.trim()), body: Object.keys(problems).length ? null : body, problems };
}

// An award.

export interface AwardFormValues {
  amount: string;
  percent: string;
  note: string;
}
export type AwardField = keyof AwardFormValues;
export const AWARD_FIELDS: AwardField[] = ["amount", "percent", "note"];
export const AWARD_FORM_FIELD: Record<string, AwardField> = {
  amountCents: "amount",
  percent: "percent",
  note: "note",
};

/** The award form as it opens: what the family asked for, down to the most one camper may get. */
export const awardFormValues = (requestedCents: number, capCents: number): AwardFormValues => ({
  amount: dollarsInput(Math.min(requestedCents, capCents)),
  percent: "",
  note: "",
});

/** The change form as it opens: the award as it stands. */
export const changeFormValues = (a: AdminAidApplication): AwardFormValues => ({
  amount: dollarsInput(a.awardCents ?? 0),
  percent: a.awardPercent === null ? "" : String(a.awardPercent),
  note: a.decisionNote ?? "",
});

/**
 * POST …/award's body (or …/change's, with `usedCents`: what the award already pays, below which it
 * cannot go; 0 is then allowed and withdraws the rest), or what to fix first. The budget left is the
 * API's to check: it is shared.
 */
export function awardInput(
  values: AwardFormValues,
  capCents: number,
  usedCents: number | null = null,
): { body: AwardBody | null; problems: Partial<Record<AwardField, string>> } {
  const problems: Partial<Record<AwardField, string>> = {};
  const amountCents = dollarsToCents(values.amount);
  if (Number.isNaN(amountCents) || (amountCents === 0 && usedCents === null)) {
    problems.amount = "Enter the amount in dollars, for example 300.";
  } else if (usedCents !== null && amountCents < usedCents) {
    problems.amount = `It already pays ${moneyText(usedCents)} for booked seats: at least that.`;
  } else if (amountCents > capCents) {
    problems.amount = `The most one camper can get this season is ${moneyText(capCents)}.`;
  }
  const percentText = values.percent.trim().replace(/%$/, "").trim();
  if (percentText !== "" && !wholeIn(percentText, 1, 100)) {
    problems.percent = "Enter a whole percent from 1 to 100, or leave it empty.";
  }
  const noteProblem = tooLong(values.note, AID_LIMITS.noteMax);
  if (noteProblem) problems.note = noteProblem;
  const note = values.note.trim();
  const body = { amountCents, percent: percentText === "" ? null : Number(percentText), note: note || null };
  return { body: Object.keys(problems).length ? null : body, problems };
}

/** A refusal's note, which the family reads: it cannot be empty. */
export const declineProblem = (note: string): string | null =>
  note.trim() === "" ? "Say why, in words the family will read." : tooLong(note, AID_LIMITS.noteMax);
