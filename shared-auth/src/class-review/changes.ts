import { formatDateRange, formatTime, formatWeekdays, levelLabel, sportLabel, type Weekday } from "../camp-session";

/**
 * Changes proposed to an approved class, in words (decision 039): each field's name as the class
 * form says it, and its values as the class page shows them.
 */

export const CHANGE_LABELS: Record<string, string> = {
  class_name: "Name",
  details: "Description",
  price: "Price",
  early_price: "Early-bird price",
  early_price_until: "Early-bird price until",
  sport: "Sport",
  start_date: "First day",
  end_date: "Last day",
  weekdays: "Days",
  start_time: "Starts at",
  end_time: "Ends at",
  age_min: "Youngest age",
  age_max: "Oldest age",
  level: "Level",
  location: "Place",
  venue_address: "Venue address",
  drop_off: "Drop-off from",
  pick_up: "Pick-up by",
};

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** One field's value as a person reads it; "none" for an empty one. */
export function changeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return "none";
  }
  switch (field) {
    case "price":
    case "early_price":
      return typeof value === "number" ? money.format(value) : String(value);
    case "start_date":
    case "end_date":
    case "early_price_until":
      return typeof value === "string" ? formatDateRange(value, value) : String(value);
    case "start_time":
    case "end_time":
    case "drop_off":
    case "pick_up":
      return typeof value === "string" ? formatTime(value) : String(value);
    case "weekdays":
      return Array.isArray(value) ? formatWeekdays(value as Weekday[]) : String(value);
    case "level":
      return levelLabel(String(value)) ?? String(value);
    case "sport":
      return sportLabel(String(value)) ?? String(value);
    default:
      return String(value);
  }
}

export interface ChangeRow {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** The fields a proposal changes against the class as it is, in the form's order; unchanged ones left out. */
export function proposalRows(proposal: Record<string, unknown> | null | undefined, live: Record<string, unknown>) {
  if (!proposal) return [];
  return Object.keys(CHANGE_LABELS)
    .filter((f) => f in proposal)
    .map((f) => ({
      field: f,
      label: CHANGE_LABELS[f]!,
      from: changeValue(f, live[f]),
      to: changeValue(f, proposal[f]),
    }))
    .filter((r) => r.from !== r.to);
}

/** A thread entry's changes ({ field: { from, to } }) as rows. */
export function changeRows(changes: Record<string, { from?: unknown; to?: unknown }> | null | undefined): ChangeRow[] {
  if (!changes) return [];
  return Object.keys(CHANGE_LABELS)
    .filter((f) => f in changes)
    .map((f) => ({
      field: f,
      label: CHANGE_LABELS[f]!,
      from: changeValue(f, changes[f]!.from),
      to: changeValue(f, changes[f]!.to),
    }));
}

/** "Price and Name" style list of a proposal's fields, for a sentence. */
export function fieldList(fields: readonly string[]): string {
  const labels = fields.map((f) => (CHANGE_LABELS[f] ?? f).toLowerCase());
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** A class with its proposal laid over it: the class page as families will see it once accepted. */
export function withProposal<T extends Record<string, unknown>>(
  item: T,
  proposal: Record<string, unknown> | null | undefined,
): T {
  return proposal ? { ...item, ...proposal } : item;
}
