import { ApiError, invalid, missing } from "./errors.js";
import { clone, newId, nowSeconds } from "./ids.js";
import { findIntent } from "./intent-views.js";
import { formatAmount } from "./money.js";
import { isParams } from "./form-body.js";
import { readEnum, readInteger, readMetadata, readString } from "./params.js";
import { lookup } from "./state.js";
const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"];
/** A charge and its PaymentIntent, named by `charge` or `payment_intent` (or both, if they match). */
function chargeToRefund(state, chargeId, piId) {
    if (chargeId) {
        const charge = lookup(state.charges, chargeId);
        if (!charge)
            throw missing("charge", chargeId, "charge");
        const pi = findIntent(state, charge.payment_intent, "charge");
        if (piId && piId !== pi.id)
            throw invalid(`Charge ${chargeId} does not belong to ${piId}.`, "charge");
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
export const createRefund = (core, ctx) => {
    const { params } = ctx;
    const piId = readString(params, "payment_intent");
    const chargeId = readString(params, "charge");
    if (!piId && !chargeId) {
        throw invalid("One of the following params should be provided for this request: payment_intent or charge.", undefined, "parameter_missing");
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
    if (amount < 1)
        throw invalid("This value must be greater than or equal to 1.", "amount");
    if (amount > remaining) {
        throw invalid(`Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`, "amount");
    }
    const reason = readEnum(params, "reason", REFUND_REASONS);
    const outcome = lookup(core.state.refundOutcomes, charge.payment_method);
    const refund = {
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
        status: outcome === "pending" ? "pending" : "succeeded",
        transfer_reversal: null,
    };
    core.state.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    core.emit(ctx, "refund.created", refund);
    core.emit(ctx, "charge.refunded", charge);
    if (outcome)
        core.later(core.refundSettleMs, (later) => settleRefund(core, later, refund.id, outcome));
    return clone(refund);
};
/** A pending refund succeeds; a refund of a "fails" card fails, and its amount is the charge's again. */
function settleRefund(core, ctx, refundId, outcome) {
    const refund = lookup(core.state.refunds, refundId);
    if (!refund)
        return;
    if (outcome === "pending") {
        refund.status = "succeeded";
        core.emit(ctx, "refund.updated", refund);
        return;
    }
    const charge = lookup(core.state.charges, refund.charge);
    refund.status = "failed";
    refund.failure_reason = "expired_or_canceled_card";
    if (charge) {
        charge.amount_refunded -= refund.amount;
        charge.refunded = false;
    }
    core.emit(ctx, "refund.updated", refund);
    core.emit(ctx, "refund.failed", refund);
}
/** `created` as Stripe takes it: a timestamp, or a range (`created[gte]=...`). */
function createdFilter(value) {
    if (value === undefined)
        return () => true;
    if (typeof value === "string") {
        const at = readInteger({ created: value }, "created");
        return (created) => created === at;
    }
    if (!isParams(value))
        throw invalid("Invalid created", "created");
    const bound = (name) => readInteger(value, name);
    const [gt, gte, lt, lte] = [bound("gt"), bound("gte"), bound("lt"), bound("lte")];
    return (created) => (gt === undefined || created > gt) &&
        (gte === undefined || created >= gte) &&
        (lt === undefined || created < lt) &&
        (lte === undefined || created <= lte);
}
/** Newest first, as Stripe lists: of one PaymentIntent or charge, created in a range, paged by `starting_after`. */
export const listRefunds = ({ state }, ctx) => {
    const { params } = ctx;
    const limit = readInteger(params, "limit") ?? 10;
    if (limit < 1 || limit > 100)
        throw invalid("This value must be between 1 and 100.", "limit");
    const piId = readString(params, "payment_intent");
    const chargeId = readString(params, "charge");
    const after = readString(params, "starting_after");
    const inRange = createdFilter(params.created);
    let found = Object.values(state.refunds)
        .filter((r) => (!piId || r.payment_intent === piId) && (!chargeId || r.charge === chargeId) && inRange(r.created))
        .reverse();
    if (after) {
        const at = found.findIndex((r) => r.id === after);
        if (at < 0)
            throw missing("refund", after, "starting_after");
        found = found.slice(at + 1);
    }
    return { object: "list", data: clone(found.slice(0, limit)), has_more: found.length > limit, url: "/v1/refunds" };
};
//# sourceMappingURL=refunds.js.map