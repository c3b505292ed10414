// Card payment methods: made from card data (POST /v1/payment_methods, payment_method_data) or from
// Stripe's test ids (pm_card_visa...); only the outcome of a charge is kept, never the number.
import { readCard, cardBrand } from "./card-data.js";
import { invalid, missing } from "./errors.js";
import { isParams } from "./form-body.js";
import { clone, newId, nowSeconds } from "./ids.js";
import { readMetadata, readString } from "./params.js";
import { lookup } from "./state.js";
import { TEST_CARDS, TEST_PAYMENT_METHODS } from "./test-cards.js";
/** `display_brand` where it differs from `brand` (Stripe's names for people, not its short codes). */
const DISPLAY_BRANDS = {
    amex: "american_express",
    diners: "diners_club",
    unknown: "other",
};
function stringOrNull(value) {
    return typeof value === "string" ? value : null;
}
function paymentMethodFromCard(state, card, billing, metadata = {}) {
    const digits = card.number;
    const brand = cardBrand(digits);
    const known = TEST_CARDS.get(digits);
    const address = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
    const billingAddress = billing?.address;
    if (isParams(billingAddress)) {
        for (const key of Object.keys(address)) {
            const value = billingAddress[key];
            if (typeof value === "string")
                address[key] = value;
        }
    }
    const pm = {
        id: newId("pm"),
        object: "payment_method",
        allow_redisplay: "unspecified",
        billing_details: {
            address,
            email: stringOrNull(billing?.email),
            name: stringOrNull(billing?.name),
            phone: stringOrNull(billing?.phone),
            tax_id: null,
        },
        card: {
            brand,
            checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvc ? "pass" : null },
            country: "US",
            display_brand: DISPLAY_BRANDS[brand] ?? brand,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            funding: known?.funding ?? "credit",
            generated_from: null,
            last4: digits.slice(-4),
            networks: { available: [brand], preferred: null },
            regulated_status: null,
            three_d_secure_usage: { supported: true },
            wallet: null,
        },
        created: nowSeconds(),
        customer: null,
        customer_account: null,
        livemode: false,
        metadata,
        type: "card",
    };
    state.paymentMethods[pm.id] = pm;
    state.cardOutcomes[pm.id] = known?.outcome ?? "live_card";
    if (known?.refund)
        state.refundOutcomes[pm.id] = known.refund;
    if (known?.authentication || known?.savable) {
        state.cardRules[pm.id] = {
            ...(known.authentication ? { authentication: known.authentication } : {}),
            ...(known.savable ? { savable: true } : {}),
        };
    }
    return pm;
}
/** Creates a card payment method from `type`, `card[...]`, `billing_details[...]` under `prefix`. */
export function createPaymentMethodFrom(state, data, prefix) {
    const name = (field) => (prefix ? `${prefix}[${field}]` : field);
    if (!data || !isParams(data))
        throw invalid("Invalid object", prefix);
    const type = readString(data, "type", { required: true });
    if (type !== "card") {
        throw invalid(`The payment method type "${type}" is not supported by the local sandbox: use card.`, name("type"));
    }
    const card = readCard(data.card, name("card"));
    const billing = isParams(data.billing_details) ? data.billing_details : undefined;
    return paymentMethodFromCard(state, card, billing, readMetadata(data));
}
/** A stored payment method; `pm_card_visa` and friends make a new one each time, as on Stripe. */
export function resolvePaymentMethod(state, id) {
    const testNumber = TEST_PAYMENT_METHODS.get(id);
    if (testNumber) {
        const year = new Date().getUTCFullYear() + 1;
        return paymentMethodFromCard(state, { number: testNumber, exp_month: 12, exp_year: year, cvc: "123" }, undefined);
    }
    const pm = lookup(state.paymentMethods, id);
    if (!pm)
        throw missing("PaymentMethod", id, "payment_method");
    return pm;
}
/** POST /v1/payment_methods (Stripe.js's createPaymentMethod, with the publishable key). */
export const createPaymentMethodRoute = ({ state }, ctx) => {
    const params = { ...ctx.params };
    delete params.key;
    return clone(createPaymentMethodFrom(state, params, ""));
};
//# sourceMappingURL=payment-methods.js.map