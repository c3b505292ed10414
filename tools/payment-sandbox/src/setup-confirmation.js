// Confirming a SetupIntent: the card is checked with its bank, not charged. A card whose bank asks
// for authentication waits in requires_action until the customer completes or fails it
// (authentication.ts); a card the bank declines fails the attempt (the intent may be confirmed
// again); on success the card is attached to the intent's customer and, for usage off_session, set
// up for payments made without the customer.
import { attachPaymentMethod } from "./attachments.js";
import { cardError, checkUsable, saveDecline, setupNeedsAuthentication } from "./card-rules.js";
import { authenticationAction, checkReturnUrl } from "./intent-params.js";
import { ApiError, unexpectedState } from "./errors.js";
import { clone } from "./ids.js";
import { setupIntentView } from "./intent-views.js";
import { readString } from "./params.js";
import { createPaymentMethodFrom, resolvePaymentMethod } from "./payment-methods.js";
import { lookup } from "./state.js";
/** A failed attempt: the SetupIntent goes back to requires_payment_method. Returns the error answer. */
function failSetup(core, ctx, si, error, pm) {
    const lastError = { ...error, ...(pm ? { payment_method: clone(pm) } : {}) };
    si.status = "requires_payment_method";
    si.last_setup_error = lastError;
    si.payment_method = null;
    si.next_action = null;
    core.emit(ctx, "setup_intent.setup_failed", si);
    return new ApiError(error.type === "card_error" ? 402 : 400, {
        ...lastError,
        setup_intent: setupIntentView(core.state, si, { publishable: ctx.publishable }),
    });
}
/** The payment method of this confirmation: new card data, a given id, or the one already on the intent. */
function paymentMethodFor(core, ctx, si, params, given) {
    if (given)
        return given;
    if (params.payment_method_data !== undefined) {
        try {
            return createPaymentMethodFrom(core.state, params.payment_method_data, "payment_method_data");
        }
        catch (error) {
            if (error instanceof ApiError && error.status === 402)
                throw failSetup(core, ctx, si, error.error);
            throw error;
        }
    }
    if (params.payment_method !== undefined) {
        return resolvePaymentMethod(core.state, readString(params, "payment_method") ?? "");
    }
    return lookup(core.state.paymentMethods, si.payment_method);
}
/** Checks the card with its bank: saved (attached, set up) or declined. Returns the 402 of a decline. */
function finishSetup(core, ctx, si, pm) {
    const decline = saveDecline(core.state, pm);
    if (decline)
        return failSetup(core, ctx, si, cardError(decline), pm);
    si.status = "succeeded";
    si.payment_method = pm.id;
    si.last_setup_error = null;
    si.next_action = null;
    const customer = lookup(core.state.customers, si.customer);
    if (customer)
        attachPaymentMethod(core, ctx, pm, customer);
    if (si.usage === "off_session")
        core.state.paymentMethodUse[pm.id] = "set_up";
    core.emit(ctx, "setup_intent.succeeded", si);
    return undefined;
}
/** `given`: the payment method a create call already resolved from `payment_method`. */
export function confirmSetup(core, ctx, si, params, given) {
    if (si.status === "succeeded") {
        throw unexpectedState("You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.", "setup_intent_unexpected_state");
    }
    if (si.status === "canceled") {
        throw unexpectedState("You cannot confirm this SetupIntent because it has a status of canceled. Only a SetupIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation, requires_action.", "setup_intent_unexpected_state");
    }
    checkReturnUrl(ctx, si.automatic_payment_methods, params, "Setup Intent");
    const pm = paymentMethodFor(core, ctx, si, params, given);
    if (!pm) {
        throw unexpectedState("You cannot confirm this SetupIntent because it's missing a payment method. You can either update the SetupIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.", "setup_intent_unexpected_state");
    }
    checkUsable(core.state, pm, si.customer);
    if (setupNeedsAuthentication(core.state, pm)) {
        si.status = "requires_action";
        si.payment_method = pm.id;
        si.next_action = authenticationAction(si.id);
        si.last_setup_error = null;
        core.emit(ctx, "setup_intent.requires_action", si);
        return;
    }
    const failed = finishSetup(core, ctx, si, pm);
    if (failed)
        throw failed;
}
/** The customer completed (the card is checked and saved) or failed the authentication of a requires_action setup. */
export function finishSetupAuthentication(core, ctx, si, completed) {
    const pm = lookup(core.state.paymentMethods, si.payment_method);
    if (completed && pm) {
        finishSetup(core, ctx, si, pm);
        return;
    }
    failSetup(core, ctx, si, {
        type: "invalid_request_error",
        code: "setup_intent_authentication_failure",
        message: "The latest attempt to set up the payment method has failed because authentication failed.",
        doc_url: "https://stripe.com/docs/error-codes/setup-intent-authentication-failure",
    }, pm);
}
//# sourceMappingURL=setup-confirmation.js.map