import { badRequest } from "../platform/errors.js";

/** How the office gives a front-desk booking's money back (decision 047). */
export interface HandBack {
  method: "cash" | "cheque" | "bank_transfer";
  reference: string | null;
}

/**
 * A front-desk booking's refund (decision 047): the office hands the money back itself (cash, a
 * cheque, a transfer), so the refund is written as done, never sent to the card provider (the
 * sender takes pending refunds only). Refused without the way it goes back, or a cheque's number.
 */
export function deskRefundColumns(handBack: HandBack | undefined) {
  if (!handBack) {
    throw badRequest("Say how the office gives the money back: cash, a cheque or a bank transfer.", {
      refundMethod: "Cash, cheque or bank transfer.",
    });
  }
  if (handBack.method !== "cash" && !handBack.reference) {
    throw badRequest("The cheque's number or the transfer's reference is needed.", {
      refundReference: "The cheque's number or the transfer's reference.",
    });
  }
  return {
    status: "succeeded" as const,
    method: handBack.method,
    reference: handBack.method === "cash" ? null : handBack.reference,
  };
}
