import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "shared-auth";
import type { PaymentPlan, PlanDue, PlanShare } from "shared-auth/wire";
import { classLabel, money, toCents, type ChosenClass } from "./discounts";

// A plan as GET /payment-plans answers it (decision 040; money in cents), as the API's document
// says (generated: shared-auth/src/wire).
export type { PaymentPlan };

export const PLANS_KEY = ["payment-plans"] as const;

/** A plan may have 1 to 12 instalments after its deposit (the API's rule). */
export const MAX_INSTALMENTS = 12;

export function usePlans() {
  return useQuery({
    queryKey: PLANS_KEY,
    queryFn: async () => (await api.get<PaymentPlan[]>("/payment-plans")).data,
  });
}

/** Add (no id), change or pause (an id and the fields changed). The list is read again after each. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      id
        ? (await api.patch<PaymentPlan>(`/payment-plans/${id}`, body)).data
        : (await api.post<PaymentPlan>("/payment-plans", body)).data,
    onSettled: () => client.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete(`/payment-plans/${id}`)).data,
    onSettled: () => client.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

/** One instalment as the form holds it: text as typed, both kinds of day kept while the admin switches. */
export interface InstalmentRow {
  /** The row's own key (React's), never sent. */
  key: number;
  when: "date" | "days";
  date: string;
  days: string;
  shareKind: "percent" | "amount";
  /** Ignored on the last row: it takes what is left. */
  share: string;
}

/** What the form holds: text as typed. */
export interface PlanForm {
  name: string;
  depositKind: "percent" | "amount";
  deposit: string;
  instalments: InstalmentRow[];
  cutoffDays: string;
  classes: ChosenClass[];
  minOrder: string;
  paused: boolean;
}

let nextKey = 1;
export const emptyRow = (): InstalmentRow => ({
  key: nextKey++,
  when: "days",
  date: "",
  days: "",
  shareKind: "percent",
  share: "",
});

/** The API's default cut-off, shown so that the admin sees what they would get. */
export const DEFAULT_CUTOFF_DAYS = 21;

export const emptyForm = (): PlanForm => ({
  name: "",
  depositKind: "percent",
  deposit: "",
  instalments: [emptyRow()],
  cutoffDays: String(DEFAULT_CUTOFF_DAYS),
  classes: [],
  minOrder: "",
  paused: false,
});

const dollars = (cents: number) => (cents / 100).toFixed(2);
const shareText = (share: PlanShare) => ("percent" in share ? String(share.percent) : dollars(share.amountCents));

export function formOf(plan: PaymentPlan): PlanForm {
  return {
    name: plan.name,
    depositKind: "percent" in plan.deposit ? "percent" : "amount",
    deposit: shareText(plan.deposit),
    instalments: plan.instalments.map(({ due, share }) => ({
      key: nextKey++,
      when: "date" in due ? "date" : "days",
      date: "date" in due ? due.date : "",
      days: "daysBeforeStart" in due ? String(due.daysBeforeStart) : "",
      shareKind: share && "amountCents" in share ? "amount" : "percent",
      share: share ? shareText(share) : "",
    })),
    cutoffDays: String(plan.cutoffDays),
    classes: plan.classes,
    minOrder: plan.minOrderCents ? dollars(plan.minOrderCents) : "",
    paused: plan.paused,
  };
}

const wholeIn = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && +s >= min && +s <= max;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** Where a row's problem is kept: its day, or its share (the server's paths start the same way). */
export const rowKey = (index: number, part: "due" | "share") => `instalments.${index}.${part}`;

/** A share typed as a percent or dollars, or why it is not one (the API's bounds). */
function shareOf(kind: "percent" | "amount", typed: string): PlanShare | string {
  if (kind === "percent") {
    return wholeIn(typed, 1, 99) ? { percent: Number(typed.trim()) } : "A whole percent from 1 to 99.";
  }
  const cents = toCents(typed);
  return Number.isNaN(cents) || cents < 1 || cents > 10_000_000
    ? "An amount in dollars a seat, such as 50 or 49.50."
    : { amountCents: cents };
}

const dueOf = (row: InstalmentRow): PlanDue | string =>
  row.when === "date"
    ? isDay(row.date)
      ? { date: row.date }
      : "Choose the day it is due."
    : wholeIn(row.days, 1, 365)
      ? { daysBeforeStart: Number(row.days.trim()) }
      : "A whole number of days from 1 to 365.";

const instalmentsOf = (rows: InstalmentRow[]) =>
  rows.map((row, index) => {
    const due = dueOf(row);
    const share = index === rows.length - 1 ? undefined : shareOf(row.shareKind, row.share);
    return { due, share };
  });

/**
 * The request body of a form (the server checks every field again, the parts adding up and the
 * days' order included, and says what is wrong). A problem it can see at once is returned by field
 * instead, under the server's name for it. Editing (`before`: the plan as it was), instalments left
 * as they were are not sent: the API checks days only when they change, and a saved day may have passed.
 */
export function bodyOf(
  form: PlanForm,
  before?: PlanForm,
): { body: Record<string, unknown>; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  if (form.name.trim() === "") problems.name = "Give the plan a name families will read.";
  else if (form.name.trim().length > 80) problems.name = "A name is at most 80 characters.";
  const deposit = shareOf(form.depositKind, form.deposit);
  if (typeof deposit === "string") problems.deposit = deposit;
  const instalments = instalmentsOf(form.instalments);
  instalments.forEach(({ due, share }, index) => {
    if (typeof due === "string") problems[rowKey(index, "due")] = due;
    if (typeof share === "string") problems[rowKey(index, "share")] = share;
  });
  if (form.instalments.length < 1 || form.instalments.length > MAX_INSTALMENTS) {
    problems.instalments = `A plan has 1 to ${MAX_INSTALMENTS} instalments after the deposit.`;
  }
  if (!wholeIn(form.cutoffDays, 0, 365)) problems.cutoffDays = "A whole number of days from 0 to 365.";
  const minOrder = form.minOrder.trim() === "" ? 0 : toCents(form.minOrder);
  if (Number.isNaN(minOrder) || minOrder > 100_000_000) {
    problems.minOrderCents = "An amount in dollars, such as 300 or 299.50, or leave it empty.";
  }
  const wire = instalments.map(({ due, share }) => (share === undefined ? { due } : { due, share }));
  const unchanged = before !== undefined && JSON.stringify(wire) === JSON.stringify(wireOf(before));
  const body: Record<string, unknown> = {
    name: form.name,
    deposit,
    ...(!unchanged && { instalments: wire }),
    cutoffDays: Number(form.cutoffDays.trim()),
    classIds: form.classes.map((c) => c._id),
    minOrderCents: minOrder,
    paused: form.paused,
  };
  return { body, problems };
}

const wireOf = (form: PlanForm) =>
  instalmentsOf(form.instalments).map(({ due, share }) => (share === undefined ? { due } : { due, share }));

/**
 * The server's field names (`instalments.1.share.percent`, `classIds.3`) as the form's: a row's
 * day or share, else the field itself. The first message for each is kept.
 */
export function problemsOf(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const row = /^instalments\.(\d+)\.(due|share)\b/.exec(key);
    const name = row ? rowKey(Number(row[1]), row[2] as "due" | "share") : key.split(".")[0]!;
    out[name] ??= message;
  }
  return out;
}

/** Who a plan is offered to, in words: every class, or its classes by name. */
export const planFor = (plan: Pick<PaymentPlan, "classes">) =>
  plan.classes.length === 0 ? "All classes" : plan.classes.map(classLabel).join(", ");

export const minimumOf = (plan: Pick<PaymentPlan, "minOrderCents">) =>
  plan.minOrderCents > 0 ? `Orders from ${money(plan.minOrderCents)}` : "Any order";

export const cutoffOf = (plan: Pick<PaymentPlan, "cutoffDays">) =>
  plan.cutoffDays === 0
    ? "Until the first day"
    : `Until ${plan.cutoffDays} ${plan.cutoffDays === 1 ? "day" : "days"} before the first day`;

// The example the form shows while a plan is written. The API's schedule rule (decision 040) is
// the API's alone: apps never import the API. A $400.00 seat keeps this example's sums exact (a
// whole percent of it is whole dollars); what a family is charged is the API's to work out.

/** The example seat's price, in cents. */
export const EXAMPLE_SEAT_CENTS = 40_000;
/** The example class starts this many days after today. */
export const EXAMPLE_START_IN_DAYS = 90;

const DAY_MS = 86_400_000;
/** A day (YYYY-MM-DD) moved by whole days on the calendar alone (no zone, no daylight saving). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const DAY_WORDS = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
/** "Apr 1, 2027" for a day (YYYY-MM-DD), as the API's summaries write it. */
export const dayInWords = (day: string) => DAY_WORDS.format(new Date(`${day}T00:00:00Z`));

export type Example =
  { ok: true; start: string; parts: { cents: number; when: string }[] } | { ok: false; start: string; reason: string };

/**
 * The example in figures: what a $400.00 seat starting 90 days after `today` would pay, part by
 * part, from the shares as typed (the last part the rest). Only an illustration of the shares.
 */
export function exampleOf(form: PlanForm, today: string): Example {
  const start = addDays(today, EXAMPLE_START_IN_DAYS);
  const deposit = shareOf(form.depositKind, form.deposit);
  const rows = instalmentsOf(form.instalments);
  if (
    typeof deposit === "string" ||
    rows.some(({ due, share }) => typeof due === "string" || typeof share === "string")
  ) {
    return { ok: false, start, reason: "fill in the deposit, each share and each day to see it." };
  }
  const part = (share: PlanShare, left: number) =>
    Math.min(left, "percent" in share ? Math.floor((EXAMPLE_SEAT_CENTS * share.percent) / 100) : share.amountCents);
  let left = EXAMPLE_SEAT_CENTS;
  const first = part(deposit, left);
  left -= first;
  const parts = [{ cents: first, when: "today" }];
  for (const { due, share } of rows as { due: PlanDue; share: PlanShare | undefined }[]) {
    const cents = share === undefined ? left : part(share, left);
    left -= cents;
    const day = "date" in due ? due.date : addDays(start, -due.daysBeforeStart);
    parts.push({ cents, when: `on ${dayInWords(day)}` });
  }
  if (parts.at(-1)!.cents <= 0) {
    return {
      ok: false,
      start,
      reason:
        "the deposit and the shares before the last take the whole seat, so the last payment would have nothing left.",
    };
  }
  return { ok: true, start, parts };
}

/** The example in words: "For a $400.00 seat starting May 1, 2027: $100.00 today, …". */
export function exampleText(example: Example): string {
  const seat = `For a ${money(EXAMPLE_SEAT_CENTS)} seat starting ${dayInWords(example.start)}`;
  if (!example.ok) return `${seat}: ${example.reason}`;
  return `${seat}: ${example.parts.map((p) => `${money(p.cents)} ${p.when}`).join(", ")}.`;
}
