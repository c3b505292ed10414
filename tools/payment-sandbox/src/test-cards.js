// Test cards (https://docs.stripe.com/testing): what each number does when a payment is confirmed.
export const DECLINES = {
    generic_decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
    insufficient_funds: {
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
    },
    lost_card: { code: "card_declined", decline_code: "lost_card", message: "Your card was declined." },
    stolen_card: { code: "card_declined", decline_code: "stolen_card", message: "Your card was declined." },
    fraudulent: { code: "card_declined", decline_code: "fraudulent", message: "Your card was declined." },
    expired_card: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
    incorrect_cvc: {
        code: "incorrect_cvc",
        decline_code: "incorrect_cvc",
        message: "Your card's security code is incorrect.",
    },
    processing_error: {
        code: "processing_error",
        decline_code: "processing_error",
        message: "An error occurred while processing your card. Try again in a little bit.",
    },
    // A charge made without the customer (off_session) that the bank would only take authenticated.
    authentication_required: {
        code: "authentication_required",
        decline_code: "authentication_required",
        message: "Your card was declined. This transaction requires authentication.",
    },
    // Stripe's answer to a real card number in test mode: nothing is ever charged here.
    live_card: {
        code: "card_declined",
        decline_code: "test_mode_live_card",
        message: "Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
    },
};
/** Card number -> what it does; any other valid number is a "live" card and declined. */
export const TEST_CARDS = new Map([
    ["4242424242424242", { outcome: "success", funding: "credit" }],
    ["4000056655665556", { outcome: "success", funding: "debit" }],
    ["5555555555554444", { outcome: "success", funding: "credit" }],
    ["2223003122003222", { outcome: "success", funding: "credit" }],
    ["5200828282828210", { outcome: "success", funding: "debit" }],
    ["378282246310005", { outcome: "success", funding: "credit" }],
    ["6011111111111117", { outcome: "success", funding: "credit" }],
    ["4000000000000002", { outcome: "generic_decline", funding: "credit" }],
    ["4000000000009995", { outcome: "insufficient_funds", funding: "credit" }],
    ["4000000000009987", { outcome: "lost_card", funding: "credit" }],
    ["4000000000009979", { outcome: "stolen_card", funding: "credit" }],
    ["4100000000000019", { outcome: "fraudulent", funding: "credit" }],
    ["4000000000000069", { outcome: "expired_card", funding: "credit" }],
    ["4000000000000127", { outcome: "incorrect_cvc", funding: "credit" }],
    ["4000000000000119", { outcome: "processing_error", funding: "credit" }],
    ["4000000000007726", { outcome: "success", funding: "credit", refund: "pending" }],
    ["4000000000005126", { outcome: "success", funding: "credit", refund: "fails" }],
    // Saving cards for later payments (https://docs.stripe.com/testing#authentication-and-setup).
    ["4000002500003155", { outcome: "success", funding: "credit", authentication: "unless_set_up" }],
    ["4000002760003184", { outcome: "success", funding: "credit", authentication: "always" }],
    ["4000000000000341", { outcome: "generic_decline", funding: "credit", savable: true }],
    [
        "4000008260003178",
        { outcome: "insufficient_funds", funding: "credit", authentication: "unless_set_up", savable: true },
    ],
]);
/** Stripe's test PaymentMethod ids for server-side code, each standing for a test card. */
export const TEST_PAYMENT_METHODS = new Map([
    ["pm_card_visa", "4242424242424242"],
    ["pm_card_visa_debit", "4000056655665556"],
    ["pm_card_mastercard", "5555555555554444"],
    ["pm_card_mastercard_debit", "5200828282828210"],
    ["pm_card_amex", "378282246310005"],
    ["pm_card_discover", "6011111111111117"],
    ["pm_card_chargeDeclined", "4000000000000002"],
    ["pm_card_chargeDeclinedInsufficientFunds", "4000000000009995"],
    ["pm_card_chargeDeclinedLostCard", "4000000000009987"],
    ["pm_card_chargeDeclinedStolenCard", "4000000000009979"],
    ["pm_card_chargeDeclinedFraudulent", "4100000000000019"],
    ["pm_card_chargeDeclinedExpiredCard", "4000000000000069"],
    ["pm_card_chargeDeclinedIncorrectCvc", "4000000000000127"],
    ["pm_card_chargeDeclinedProcessingError", "4000000000000119"],
    ["pm_card_pendingRefund", "4000000000007726"],
    ["pm_card_refundFail", "4000000000005126"],
    ["pm_card_authenticationRequiredOnSetup", "4000002500003155"],
    ["pm_card_authenticationRequired", "4000002760003184"],
    ["pm_card_chargeCustomerFail", "4000000000000341"],
    ["pm_card_authenticationRequiredChargeDeclinedInsufficientFunds", "4000008260003178"],
]);
//# sourceMappingURL=test-cards.js.map