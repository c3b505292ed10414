import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type { BalancesDue, CancelledPlan, ChangedInstalment, OfficeInstalment } from "shared-auth/wire";
import { retryTransient } from "./admin-api";

// What families owe on payment plans (GET /admin/balances), as the API's document says (generated:
// shared-auth/src/wire). Every figure is the server's: the page only shows them.
export type { BalancesDue, OfficeInstalment };

export const BALANCES_KEY = ["admin", "balances"] as const;

export function useBalances() {
  return useQuery({
    queryKey: BALANCES_KEY,
    queryFn: async () => (await api.get<BalancesDue>("/admin/balances")).data,
    retry: retryTransient,
  });
}

export type ChargeChange =
  | { kind: "retry"; id: string }
  | { kind: "move"; id: string; due: string; reason: string }
  | { kind: "waive"; id: string; reason: string };

/** Try again, move or waive one charge; the balances are read again after each, whatever happened. */
export function useChangeCharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ChargeChange) => {
      const path = `/admin/instalments/${change.id}/${change.kind}`;
      const body =
        change.kind === "move"
          ? { due: change.due, reason: change.reason }
          : change.kind === "waive"
            ? { reason: change.reason }
            : undefined;
      return (await api.post<ChangedInstalment>(path, body)).data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: BALANCES_KEY }),
  });
}

/** Cancel a family's plan: its owing seats are freed, so the class lists are read again too. */
export function useCancelPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, reason }: { orderId: string; reason: string }) =>
      (await api.post<CancelledPlan>(`/admin/plans/${orderId}/cancel`, { reason })).data,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: BALANCES_KEY }),
        client.invalidateQueries({ queryKey: queryKeys.classes() }),
      ]),
  });
}

/** The CSV as the API names it (`balances-due-<academy's today>.csv`). */
export const downloadBalancesCsv = (today: string) => downloadFile("/admin/balances.csv", `balances-due-${today}.csv`);

const AT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A charge's state in words, as the office reads it. */
export function statusInWords(charge: OfficeInstalment): string {
  if (charge.status === "scheduled") return "Scheduled";
  if (charge.status === "charging") return "Being charged";
  if (charge.atRisk) return "At risk: refused, no attempt left";
  return charge.nextAttemptAt ? `Refused — tried again on ${AT.format(new Date(charge.nextAttemptAt))}` : "Refused";
}

/** Only a refused charge already due may be tried again now (the API's rule). */
export const canRetry = (charge: OfficeInstalment, today: string) => charge.status === "failed" && charge.due <= today;

/** A charge being made right now cannot be changed (the API refuses): its buttons wait. */
export const canChange = (charge: OfficeInstalment) => charge.status !== "charging";

export type Filter = "all" | "overdue" | "at-risk";

export const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "overdue", label: "Overdue" },
  { value: "at-risk", label: "At risk" },
];

export function filtered(list: OfficeInstalment[], filter: Filter): OfficeInstalment[] {
  if (filter === "overdue") return list.filter((c) => c.daysOverdue > 0);
  if (filter === "at-risk") return list.filter((c) => c.atRisk);
  return list;
}

export const daysOverdueInWords = (days: number) => (days === 0 ? "Not yet" : `${days} ${days === 1 ? "day" : "days"}`);
