import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, sportLabel } from "shared-auth";
import type { Discount } from "shared-auth/wire";

// A discount as GET /discounts answers it (money in cents), as the API's document says
// (generated: shared-auth/src/wire).
export type { Discount };
/** A class a code is for: its id and name (null once the class is deleted). */
export type ChosenClass = Discount["classes"][number];

export const DISCOUNTS_KEY = ["discounts"] as const;

export function useDiscounts() {
  return useQuery({ queryKey: DISCOUNTS_KEY, queryFn: async () => (await api.get<Discount[]>("/discounts")).data });
}

/** Add (no id), change or pause (an id and the fields changed), delete. The list is read again after each. */
export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      id
        ? (await api.patch<Discount>(`/discounts/${id}`, body)).data
        : (await api.post<Discount>("/discounts", body)).data,
    onSettled: () => client.invalidateQueries({ queryKey: DISCOUNTS_KEY }),
  });
}

export function useDeleteDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete(`/discounts/${id}`)).data,
    onSettled: () => client.invalidateQueries({ queryKey: DISCOUNTS_KEY }),
  });
}

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A discount's state (the API's, on the academy's calendar) in words. */
export const STATE_LABEL: Record<Discount["state"], string> = {
  active: "Active",
  paused: "Paused",
  not_started: "Not started",
  expired: "Expired",
  used_up: "Used up",
};

/** What the form holds: text as typed. */
export interface DiscountForm {
  kind: Discount["kind"];
  name: string;
  code: string;
  /** "percent" or "amount" (codes only). */
  type: "percent" | "amount";
  value: string;
  minSeats: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerFamily: string;
  minOrder: string;
  /** The classes chosen, in the order chosen, with their names to show. */
  classes: ChosenClass[];
  sports: string[];
  paused: boolean;
}

export const emptyForm = (kind: Discount["kind"] = "code"): DiscountForm => ({
  kind,
  name: "",
  code: "",
  type: "percent",
  value: "",
  minSeats: kind === "multi_class" ? "3" : "",
  validFrom: "",
  validUntil: "",
  maxUses: "",
  maxUsesPerFamily: "",
  minOrder: "",
  classes: [],
  sports: [],
  paused: false,
});

export function formOf(d: Discount): DiscountForm {
  return {
    kind: d.kind,
    name: d.name,
    code: d.code ?? "",
    type: d.amountOffCents !== null ? "amount" : "percent",
    value: d.amountOffCents !== null ? (d.amountOffCents / 100).toFixed(2) : String(d.percentOff ?? ""),
    minSeats: d.minSeats === null ? "" : String(d.minSeats),
    validFrom: d.validFrom ?? "",
    validUntil: d.validUntil ?? "",
    maxUses: d.maxUses === null ? "" : String(d.maxUses),
    maxUsesPerFamily: d.maxUsesPerFamily === null ? "" : String(d.maxUsesPerFamily),
    minOrder: d.minOrderCents ? (d.minOrderCents / 100).toFixed(2) : "",
    classes: d.classes ?? d.classIds.map((_id) => ({ _id, name: null })),
    sports: d.sports,
    paused: d.paused,
  };
}

const wholeOrNull = (s: string) => (s.trim() === "" ? null : Number(s));
const wholeIn = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && +s >= min && +s <= max;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
/** Dollars typed ("25", "19.99") to cents; NaN when it is not money. */
export const toCents = (s: string) => (/^\d+(\.\d{1,2})?$/.test(s.trim()) ? Math.round(Number(s.trim()) * 100) : NaN);

/**
 * The request body of a form (the server checks every field again and says what is wrong). A
 * problem it can see at once is returned by field instead.
 */
export function bodyOf(
  form: DiscountForm,
  editing: boolean,
): { body: Record<string, unknown>; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const isCode = form.kind === "code";
  const amount = isCode && form.type === "amount";
  const value = amount ? toCents(form.value) : Number(form.value);
  // Every field checked as the server checks it, so nothing is sent that it would refuse for its form.
  if (form.name.trim() === "") problems.name = "Give the discount a name families will read.";
  else if (form.name.trim().length > 80) problems.name = "A name is at most 80 characters.";
  if (isCode && !/^[A-Z0-9_-]{3,32}$/.test(form.code.trim().toUpperCase())) {
    problems.code = "A code is 3 to 32 letters, digits, - or _ (no spaces).";
  }
  if (amount) {
    if (form.value.trim() === "" || Number.isNaN(value) || value < 1 || value > 10_000_000) {
      problems.amountOffCents = "An amount in dollars, such as 20 or 12.50.";
    }
  } else if (!/^\d+$/.test(form.value.trim()) || value < 1 || value > 100) {
    problems.percentOff = "A whole percent from 1 to 100.";
  }
  if (form.kind === "multi_class" && !wholeIn(form.minSeats, 2, 100)) {
    problems.minSeats = "A whole number of seats from 2 to 100.";
  }
  if (isCode) {
    if (form.validFrom !== "" && !isDay(form.validFrom)) problems.validFrom = "A date, or leave it empty.";
    if (form.validUntil !== "" && !isDay(form.validUntil)) problems.validUntil = "A date, or leave it empty.";
    else if (isDay(form.validFrom) && isDay(form.validUntil) && form.validUntil < form.validFrom) {
      problems.validUntil = "The last day is before the first.";
    }
    if (form.maxUses.trim() !== "" && !wholeIn(form.maxUses, 1, 1_000_000)) {
      problems.maxUses = "A whole number from 1, or leave it empty for no limit.";
    }
    if (form.maxUsesPerFamily.trim() !== "" && !wholeIn(form.maxUsesPerFamily, 1, 1_000)) {
      problems.maxUsesPerFamily = "A whole number from 1 to 1000, or leave it empty for no limit.";
    }
  }
  const minOrder = form.minOrder.trim() === "" ? 0 : toCents(form.minOrder);
  if (Number.isNaN(minOrder)) problems.minOrderCents = "An amount in dollars, such as 100 or 99.50.";
  const body: Record<string, unknown> = {
    ...(editing ? {} : { kind: form.kind }),
    name: form.name,
    percentOff: amount ? null : value,
    ...(isCode && { amountOffCents: amount ? value : null, code: form.code }),
    ...(form.kind === "multi_class" && { minSeats: wholeOrNull(form.minSeats) }),
    ...(isCode && {
      validFrom: form.validFrom || null,
      validUntil: form.validUntil || null,
      maxUses: wholeOrNull(form.maxUses),
      maxUsesPerFamily: wholeOrNull(form.maxUsesPerFamily),
      minOrderCents: minOrder,
      classIds: form.classes.map((c) => c._id),
      sports: form.sports,
    }),
    paused: form.paused,
  };
  return { body, problems };
}

/** A chosen class as the admin reads it. */
export const classLabel = (c: ChosenClass) => c.name ?? "A deleted class";

/** What a discount applies to, in words: its classes by name and its sports ("Every class" when neither). */
export function appliesTo(d: Pick<Discount, "kind" | "sports"> & { classes?: ChosenClass[] }): string {
  if (d.kind !== "code") return "Every class";
  const classes = (d.classes ?? []).map(classLabel);
  const sports = d.sports.map((s) => `every ${sportLabel(s) ?? s} class`);
  const parts = [...classes, ...sports];
  return parts.length === 0 ? "Every class" : parts.join(", ");
}

/** The chosen classes with `cls` added, or taken out when it is there already. */
export function toggleClass(chosen: ChosenClass[], cls: { _id: string; class_name: string }): ChosenClass[] {
  return chosen.some((c) => c._id === cls._id)
    ? chosen.filter((c) => c._id !== cls._id)
    : [...chosen, { _id: cls._id, name: cls.class_name }];
}

/** What the class picker's search found, said to everyone (a live region reads it out). */
export function foundText(total: number, search: string): string {
  const term = search.trim();
  if (total === 0) return term ? `No approved class matches “${term}”.` : "There are no approved classes yet.";
  const n = `${total.toLocaleString("en-US")} approved ${total === 1 ? "class" : "classes"}`;
  return term ? `${n} ${total === 1 ? "matches" : "match"} “${term}”.` : `${n}.`;
}
