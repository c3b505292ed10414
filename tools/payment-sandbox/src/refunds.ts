// Refunds (POST /v1/refunds): whole or partial, of a PaymentIntent's successful charge.
import type { RouteHandler } from "./context.js";
import { ApiError, invalid, missing } from "./errors.js";
import { clone, newId, nowSeconds } from "./ids.js";
import { findIntent } from "./intent-views.js";
import { formatAmount } from "./money.js";
import type { Charge, PaymentIntent, Refund } from "./objects.js";
import { readEnum, readInteger, readMetadata, readString } from "./params.js";
import { lookup, type State } from "./state.js";

const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/** A charge and its PaymentIntent, named by `charge` or `payment_intent` (or both, if they match). */
function chargeToRefund(state: State, chargeId: string | undefined, piId: string | undefined): [Charge, PaymentIntent] {
  if (chargeId) {
    const charge = lookup(state.charges, chargeId);
    if (!charge) throw missing("charge", chargeId, "charge");
    const pi = findIntent(state, charge.payment_intent, "charge");
    if (piId && piId !== pi.id) throw invalid(`Charge ${chargeId} does not belong to ${piId}.`, "charge");
    return [charge, pi];
  }
  const pi = findIntent(state, piId, "payment_intent");
  const charge = pi.status === "succeeded" ? lookup(state.charges, pi.latest_charge) : undefined;
  if (!charge) {
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      param: "payment_intent",
    });
  }
  return [charge, pi];
}

export const createRefund: RouteHandler = (core, ctx) => {
  const { params } = ctx;
  const piId = readString(params, "payment_intent");
  const chargeId = readString(params, "charge");
  if (!piId && !chargeId) {
    throw invalid(
      "One of the following params should be provided for this request: payment_intent or charge.",
      undefined,
      "parameter_missing",
    );
  }
  const [charge, pi] = chargeToRefund(core.state, chargeId, piId);
  if (charge.status !== "succeeded") {
    throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, "charge");
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "charge_already_refunded",
      message: `Charge ${charge.id} has already been refunded.`,
      doc_url: "https://stripe.com/docs/error-codes/charge-already-refunded",
    });
  }
  const amount = readInteger(params, "amount") ?? remaining;
  if (amount < 1) throw invalid("This value must be greater than or equal to 1.", "amount");
  if (amount > remaining) {
    throw invalid(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      "amount",
    );
  }
  const reason = readEnum(params, "reason", REFUND_REASONS);
  const refund: Refund = {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: newId("txn"),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    destination_details: { type: "card", card: { type: "refund", reference_status: "pending" } },
    metadata: readMetadata(params),
    payment_intent: pi.id,
    payment_method: charge.payment_method,
    reason: reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  core.state.refunds[refund.id] = refund;
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  core.emit(ctx, "refund.created", refund);
  core.emit(ctx, "charge.refunded", charge);
  return clone(refund);
};
