import { ACADEMY } from "shared-auth";
import { cents } from "../pricing/money";
import { dollarsToCents } from "./dollars";
import type { AidApplication, AidApplicationInput } from "./aid-types";

/*
 * Financial aid in the family's words, and the application form's checks. The checks are the
 * API's own limits, made here first so a family is told before anything is sent; the API checks
 * again and its `fields` land under the same inputs.
 */

/** The application form as typed: every input is text until it is sent. */
export interface ApplicationValues {
  householdSize: string;
  requested: string;
  statement: string;
}

export const emptyApplication = (): ApplicationValues => ({ householdSize: "", requested: "", statement: "" });

export const LIMITS = {
  householdMin: 1,
  householdMax: 20,
  requestedMinCents: 100,
  requestedMaxCents: 10_000_000,
  statementMax: 4000,
} as const;

/** Each field as the API names it in a 400's `fields`: the amount is typed in dollars, sent in cents. */
export const SERVER_FIELD: Record<keyof ApplicationValues, string> = {
  householdSize: "householdSize",
  requested: "requestedCents",
  statement: "statement",
};

export function householdSizeProblem(text: string): string | null {
  const size = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (size >= LIMITS.householdMin && size <= LIMITS.householdMax) return null;
  return `Enter how many people live in your household: a whole number from ${LIMITS.householdMin} to ${LIMITS.householdMax}.`;
}

export function requestedProblem(text: string): string | null {
  const amount = dollarsToCents(text);
  if (Number.isNaN(amount)) return "Enter the help you need in dollars, for example 250 or 250.50.";
  if (amount < LIMITS.requestedMinCents) return `Ask for at least ${cents(LIMITS.requestedMinCents)}.`;
  if (amount > LIMITS.requestedMaxCents) return `Ask for at most ${cents(LIMITS.requestedMaxCents)}.`;
  return null;
}

export function statementProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return "Tell the office about your situation: it decides on what you write here.";
  if (length > LIMITS.statementMax) {
    return `Keep it to ${LIMITS.statementMax.toLocaleString("en-US")} characters (it has ${length.toLocaleString("en-US")}).`;
  }
  return null;
}

/** What POST /aid/applications takes, from values that passed the checks above. */
export function toApplicationInput(camperId: string, values: ApplicationValues): AidApplicationInput {
  return {
    camperId,
    householdSize: Number(values.householdSize.trim()),
    requestedCents: dollarsToCents(values.requested),
    statement: values.statement.trim(),
  };
}

const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: ACADEMY.timeZone,
});

/** "3 March 2027": the day an application was made, on the academy's calendar. */
export const appliedOn = (createdAt: string) => day.format(new Date(createdAt));

/**
 * An application's state in one sentence: "Pending: the office has not decided yet",
 * "Awarded: $300.00 (up to 50% of each seat) — $120.00 used, $180.00 left, taken off this
 * camper's seats at checkout", "Not awarded: <the office's note>", "Withdrawn: <the office's note>"
 * (an award the office took back to nothing).
 */
export function statusText(
  a: Pick<AidApplication, "status" | "awardCents" | "awardPercent" | "usedCents" | "leftCents" | "decisionNote">,
): string {
  if (a.status === "pending") return "Pending: the office has not decided yet";
  if (a.status === "declined") return a.decisionNote ? `Not awarded: ${a.decisionNote}` : "Not awarded";
  if (a.awardCents === 0) return a.decisionNote ? `Withdrawn: ${a.decisionNote}` : "Withdrawn by the office";
  const share = a.awardPercent === null ? "" : ` (up to ${a.awardPercent}% of each seat)`;
  return (
    `Awarded: ${cents(a.awardCents ?? 0)}${share} — ${cents(a.usedCents)} used, ${cents(a.leftCents)} left, ` +
    "taken off this camper's seats at checkout"
  );
}

/** "You asked for $500.00 for a household of 4, on 3 March 2027." */
export const requestText = (a: Pick<AidApplication, "requestedCents" | "householdSize" | "createdAt">) =>
  `You asked for ${cents(a.requestedCents)} for a household of ${a.householdSize}, on ${appliedOn(a.createdAt)}.`;
