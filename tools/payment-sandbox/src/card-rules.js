// What a saved or charged card does beyond its charge outcome, as Stripe's test cards do: whether its
// bank asks the customer to authenticate (3-D Secure), whether it may be saved to a customer, and
// which payment methods Stripe would refuse to take again (state.paymentMethodUse).
import { invalid } from "./errors.js";
import { lookup } from "./state.js";
import { DECLINES } from "./test-cards.js";
/**
 * Before a charge: "authenticate" when the customer is there to do it (the intent waits in
 * requires_action), "authentication_required" when they are not (off_session: a decline), or
 * undefined when the bank asks nothing. `authenticated`: this attempt has just been authenticated.
 */
export function authenticationStep(state, pm, { offSession, authenticated = false }) {
    const rule = lookup(state.cardRules, pm.id)?.authentication;
    if (!rule || authenticated)
        return undefined;
    if (!offSession)
        return "authenticate";
    if (rule === "unless_set_up" && lookup(state.paymentMethodUse, pm.id) === "set_up")
        return undefined;
    return "authentication_required";
}
/** Whether setting the card up asks the customer to authenticate. */
export function setupNeedsAuthentication(state, pm) {
    return lookup(state.cardRules, pm.id)?.authentication !== undefined;
}
export function chargeOutcome(state, pm) {
    return lookup(state.cardOutcomes, pm.id) ?? "success";
}
/** Saving a card checks it with its bank: a declining card is refused with its decline, unless it is savable. */
export function saveDecline(state, pm) {
    const outcome = chargeOutcome(state, pm);
    if (outcome === "success" || lookup(state.cardRules, pm.id)?.savable)
        return undefined;
    return DECLINES[outcome];
}
/** A decline as Stripe's card_error object. */
export function cardError(decline) {
    return {
        type: "card_error",
        code: decline.code,
        decline_code: decline.decline_code,
        message: decline.message,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, "-")}`,
    };
}
export const SPENT_MESSAGE = "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.";
/**
 * Refuses a payment method Stripe would not take for an intent of `customer`: one already spent, or
 * one saved to a customer other than the intent's (a saved card is only charged for its own customer).
 */
export function checkUsable(state, pm, customer, param = "payment_method") {
    if (lookup(state.paymentMethodUse, pm.id) === "spent")
        throw invalid(SPENT_MESSAGE, param);
    if (pm.customer !== null && pm.customer !== customer) {
        throw invalid(customer === null
            ? `The provided PaymentMethod ${pm.id} belongs to a Customer (${pm.customer}): pass that Customer as \`customer\` to use it.`
            : `The provided PaymentMethod ${pm.id} belongs to a different Customer than ${customer}.`, param);
    }
}
/**
 * After a successful payment: a card saved for later (`setup_future_usage`) is set up; one neither
 * saved to a customer nor to be saved is spent, as Stripe keeps such a card for one payment only.
 */
export function recordPayment(state, pm, setupFutureUsage) {
    if (setupFutureUsage === "off_session")
        state.paymentMethodUse[pm.id] = "set_up";
    else if (pm.customer === null && setupFutureUsage === null && lookup(state.paymentMethodUse, pm.id) !== "set_up") {
        state.paymentMethodUse[pm.id] = "spent";
    }
}
//# sourceMappingURL=card-rules.js.map