// Confirming a PaymentIntent: the payment method is charged with its test card's outcome; a decline
// or bad card data fails the attempt (the intent may be confirmed again), a success settles it. A card
// whose bank asks for authentication waits in requires_action until the customer completes or fails
// it (authentication.ts), or, when the customer is not there (off_session), fails at once with
// authentication_required.
import { attachPaymentMethod } from "./attachments.js";
import { authenticationStep, cardError, chargeOutcome, checkUsable, recordPayment } from "./card-rules.js";
import { newCharge } from "./charges.js";
import { ApiError, unexpectedState } from "./errors.js";
import { clone } from "./ids.js";
import { intentView } from "./intent-views.js";
import { authenticationAction, checkReturnUrl, readOffSession, readSetupFutureUsage } from "./intent-params.js";
import { readEmail, readString } from "./params.js";
import { createPaymentMethodFrom, resolvePaymentMethod } from "./payment-methods.js";
import { lookup } from "./state.js";
import { DECLINES } from "./test-cards.js";
/** A failed attempt: the PaymentIntent goes back to requires_payment_method and may be confirmed again. */
function failPayment(core, ctx, pi, error, pm, charge) {
    const lastError = {
        ...error,
        ...(charge ? { charge: charge.id } : {}),
        ...(pm ? { payment_method: clone(pm) } : {}),
    };
    pi.status = "requires_payment_method";
    pi.last_payment_error = lastError;
    pi.payment_method = null;
    if (charge)
        pi.latest_charge = charge.id;
    if (charge)
        core.emit(ctx, "charge.failed", charge);
    core.emit(ctx, "payment_intent.payment_failed", pi);
    return new ApiError(402, {
        ...lastError,
        payment_intent: intentView(core.state, pi, { publishable: ctx.publishable }),
    });
}
/** The payment method of this confirmation: new card data, a given id, or the one already attached. */
function paymentMethodFor(core, ctx, pi, params, given) {
    if (given)
        return given;
    if (params.payment_method_data !== undefined) {
        try {
            return createPaymentMethodFrom(core.state, params.payment_method_data, "payment_method_data");
        }
        catch (error) {
            // Bad card data fails the attempt like a decline does (the PaymentIntent records it).
            if (error instanceof ApiError && error.status === 402)
                throw failPayment(core, ctx, pi, error.error);
            throw error;
        }
    }
    if (params.payment_method !== undefined) {
        return resolvePaymentMethod(core.state, readString(params, "payment_method") ?? "");
    }
    return lookup(core.state.paymentMethods, pi.payment_method);
}
/** `given`: the payment method a create call already resolved from `payment_method` (so a test id makes one card). */
export function confirmIntent(core, ctx, pi, params, given) {
    if (pi.status === "succeeded") {
        throw unexpectedState("You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.");
    }
    if (pi.status === "canceled") {
        throw unexpectedState("You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation, requires_action.");
    }
    const receiptEmail = readEmail(params);
    const offSession = readOffSession(params);
    const setupFutureUsage = readSetupFutureUsage(params);
    if (offSession)
        checkReturnUrl(ctx, pi.automatic_payment_methods, params, "Payment Intent");
    if (receiptEmail !== undefined)
        pi.receipt_email = receiptEmail;
    if (setupFutureUsage !== undefined)
        pi.setup_future_usage = setupFutureUsage;
    const pm = paymentMethodFor(core, ctx, pi, params, given);
    if (!pm) {
        throw unexpectedState("You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.");
    }
    checkUsable(core.state, pm, pi.customer);
    const step = authenticationStep(core.state, pm, { offSession });
    if (step === "authenticate") {
        pi.status = "requires_action";
        pi.payment_method = pm.id;
        pi.next_action = authenticationAction(pi.id);
        pi.last_payment_error = null;
        core.emit(ctx, "payment_intent.requires_action", pi);
        return;
    }
    const failed = chargeIntent(core, ctx, pi, pm, step ?? chargeOutcome(core.state, pm));
    if (failed)
        throw failed;
}
/**
 * Charges `pm` for `pi` with `outcome`: a success settles the intent (and saves the card for later
 * when setup_future_usage says so); a decline fails the attempt. Returns the 402 of a decline.
 */
export function chargeIntent(core, ctx, pi, pm, outcome) {
    pi.next_action = null;
    const charge = newCharge(core, pi, pm, outcome);
    if (outcome !== "success")
        return failPayment(core, ctx, pi, cardError(DECLINES[outcome]), pm, charge);
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    pi.latest_charge = charge.id;
    pi.payment_method = pm.id;
    pi.last_payment_error = null;
    const customer = pi.setup_future_usage ? lookup(core.state.customers, pi.customer) : undefined;
    if (customer)
        attachPaymentMethod(core, ctx, pm, customer);
    recordPayment(core.state, pm, pi.setup_future_usage);
    core.emit(ctx, "charge.succeeded", charge);
    core.emit(ctx, "payment_intent.succeeded", pi);
    return undefined;
}
/** The customer completed (the card is charged) or failed the authentication of a requires_action payment. */
export function finishPaymentAuthentication(core, ctx, pi, completed) {
    const pm = lookup(core.state.paymentMethods, pi.payment_method);
    if (completed && pm) {
        chargeIntent(core, ctx, pi, pm, chargeOutcome(core.state, pm));
        return;
    }
    pi.next_action = null;
    failPayment(core, ctx, pi, {
        type: "invalid_request_error",
        code: "payment_intent_authentication_failure",
        message: "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
        doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
    }, pm);
}
//# sourceMappingURL=confirmation.js.map