import * as clock from "../platform/clock.js";
import type { Tx } from "../platform/database/client.js";
import { refundLines, refunds } from "../platform/database/schema.js";
import { badRequest } from "../platform/errors.js";
import { raiseRefunded } from "./lines.js";
import type { Line } from "./order-seats.js";

/** How the office gives a front-desk booking's money back (decision 047). */
export interface HandBack {
  method: "cash" | "cheque" | "bank_transfer";
  reference: string | null;
}

/**
 * A front-desk booking's refund (decision 047): the office hands the money back itself (cash, a
 * cheque, a transfer), so it is recorded as done, never sent to the card provider.
 */
export async function addDeskRefund(
  tx: Tx,
  input: {
    orderId: string;
    classId: string;
    camperId: string;
    amountCents: number;
    spread?: Line[] | undefined;
    actorId: string | null;
    reason: string | null;
  },
  handBack: HandBack | undefined,
): Promise<string> {
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
  const { spread, ...row } = input;
  const parts = spread ?? [{ classId: input.classId, camperId: input.camperId, cents: input.amountCents }];
  const now = clock.now();
  const [refund] = await tx
    .insert(refunds)
    .values({
      ...row,
      status: "succeeded",
      method: handBack.method,
      reference: handBack.method === "cash" ? null : handBack.reference,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: refunds.id });
  for (const part of parts) await raiseRefunded(tx, input.orderId, part);
  if (parts.length > 1) {
    await tx.insert(refundLines).values(
      parts.map((part) => ({
        refundId: refund!.id,
        orderId: input.orderId,
        classId: part.classId,
        camperId: part.camperId,
        amountCents: part.cents,
      })),
    );
  }
  return refund!.id;
}
