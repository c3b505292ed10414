import { useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import { retryTransient } from "./admin-api";
import type { PaymentRecord, StaffRefund, StaffRefunds } from "shared-auth/wire";

/** "$74.50" from cents: how every refund amount is shown. */
export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * A refund typed in dollars ("40", "40.5", "40.50") as whole cents, or why it cannot be one: not a
 * sum of dollars and cents, more than `leftCents`, or nothing for a payment (a seat may be
 * cancelled with nothing refunded).
 */
export function refundCents(typed: string, leftCents: number, of: "seat" | "payment"): number | string {
  const text = typed.trim();
  if (!DOLLARS.test(text)) return "Type the refund in dollars, like 40 or 40.50.";
  const cents = Math.round(Number(text) * 100);
  if (cents === 0 && of === "payment") return "Type an amount above $0.00.";
  if (cents > leftCents) return `At most ${usd(leftCents)} of this ${of} is left to refund.`;
  return cents;
}

/** GET /admin/refunds: refunds not done or failed, as the API's document says (generated: shared-auth/src/wire). */
export type { StaffRefund };

export function useOpenRefunds() {
  return useQuery({
    queryKey: ["admin", "refunds"],
    queryFn: async () => (await api.get<StaffRefunds>("/admin/refunds")).data,
    retry: retryTransient,
  });
}

/** What the panel says of a refund's state, in words an admin acts on. */
export function stageText(refund: Pick<StaffRefund, "stage" | "error" | "attempts">): string {
  switch (refund.stage) {
    case "waiting":
      return refund.attempts > 0
        ? `Waiting for the payment service (tried ${refund.attempts} ${refund.attempts === 1 ? "time" : "times"}; retried by itself)`
        : "Waiting to be sent";
    case "processing":
      return "Processing at the payment service";
    case "failed":
      return `Failed: ${refund.error ?? "the payment service refused it"}`;
    default:
      return "Sent";
  }
}

/** One payment of a family as the payment history has it (GET /payments?email=), with its refunds. */
export type FamilyPayment = PaymentRecord;

export function useFamilyPayments(email: string) {
  return useQuery({
    queryKey: ["admin", "family-payments", email],
    queryFn: async () => (await api.get<FamilyPayment[]>("/payments", { params: { email } })).data,
    retry: retryTransient,
  });
}
