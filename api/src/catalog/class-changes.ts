import type { z } from "zod";
import { toCents } from "../platform/wire.js";
import type { classEdit } from "./class-fields.js";

/**
 * Which edits of an approved class an admin reviews again, and which take effect at once
 * (decision 039). Families chose the class by what it teaches, when, for whom, where and for how
 * much, where and when children are dropped off and picked up: a change to any of those is
 * proposed, and the class stays on the site as approved until an admin accepts it. Its picture,
 * its seats (the seat rules hold either way), what to bring and when booking opens are the
 * instructor's to run.
 */
export const REVIEWED_FIELDS = [
  "class_name",
  "details",
  "price",
  "early_price",
  "early_price_until",
  "sport",
  "start_date",
  "end_date",
  "weekdays",
  "start_time",
  "end_time",
  "age_min",
  "age_max",
  "level",
  "location",
  "venue_address",
  "drop_off",
  "pick_up",
] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

export type ClassEdit = z.output<typeof classEdit>;
/** Proposed values, as the wire names and writes them (the class's own answer's fields). */
export type Proposal = Partial<Record<ReviewedField, unknown>>;
/** What a proposal changes, field by field: the live value and the proposed one. */
export type ChangeList = Partial<Record<ReviewedField, { from: unknown; to: unknown }>>;

/** Fields that only make sense together: a schedule, an age range (as the edit's own rules). */
const GROUPS: readonly (readonly ReviewedField[])[] = [
  ["start_date", "end_date", "weekdays", "start_time", "end_time"],
  ["age_min", "age_max"],
];

const isReviewed = (key: string): key is ReviewedField => (REVIEWED_FIELDS as readonly string[]).includes(key);

/** One value as compared: prices in cents, an empty text as none. */
function comparable(field: ReviewedField, value: unknown): unknown {
  if (value === undefined || value === "") return null;
  if ((field === "price" || field === "early_price") && typeof value === "number") return toCents(value);
  return value;
}
const same = (field: ReviewedField, a: unknown, b: unknown) =>
  JSON.stringify(comparable(field, a)) === JSON.stringify(comparable(field, b));

/**
 * An instructor's edit of their approved class, split: what applies now, and the proposal it
 * leaves waiting (the earlier one with this edit's fields over it; a field set back to its live
 * value drops out, a group stays whole while any of its fields differs). `live` is the class's
 * answer as its staff read it.
 */
export function splitEdit(
  edit: ClassEdit,
  live: Record<ReviewedField, unknown>,
  earlier: Proposal | null,
): { now: Partial<ClassEdit>; proposal: Proposal | null } {
  const now: Record<string, unknown> = {};
  const merged: Proposal = { ...earlier };
  for (const [key, value] of Object.entries(edit)) {
    if (isReviewed(key)) merged[key] = value;
    else now[key] = value;
  }
  const differs = new Set(REVIEWED_FIELDS.filter((f) => f in merged && !same(f, merged[f], live[f])));
  for (const group of GROUPS) {
    if (group.some((f) => differs.has(f))) for (const f of group) if (f in merged) differs.add(f);
  }
  const proposal: Proposal = {};
  for (const f of REVIEWED_FIELDS) if (differs.has(f)) proposal[f] = merged[f] === "" ? null : merged[f];
  return { now: now as Partial<ClassEdit>, proposal: Object.keys(proposal).length > 0 ? proposal : null };
}

/** A proposal against the live class: each field it would change, from what to what. */
export function changeList(proposal: Proposal, live: Record<ReviewedField, unknown>): ChangeList {
  const changes: ChangeList = {};
  for (const f of REVIEWED_FIELDS) {
    if (f in proposal && !same(f, proposal[f], live[f]))
      changes[f] = { from: live[f] ?? null, to: proposal[f] ?? null };
  }
  return changes;
}

/** Whether two proposals differ (an edit that proposes what was already proposed adds nothing to the thread). */
export const sameProposal = (a: Proposal | null, b: Proposal | null) =>
  REVIEWED_FIELDS.every((f) => f in (a ?? {}) === f in (b ?? {}) && same(f, a?.[f], b?.[f]));
