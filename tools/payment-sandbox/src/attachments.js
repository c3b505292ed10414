// Saving a card to a customer and taking it off again (POST /v1/payment_methods/{id}/attach and
// /detach), and the attachment a successful SetupIntent or a payment with setup_future_usage makes.
import { cardError, saveDecline } from "./card-rules.js";
import { ApiError, invalid, missing } from "./errors.js";
import { clone } from "./ids.js";
import { readString } from "./params.js";
import { resolvePaymentMethod } from "./payment-methods.js";
import { lookup } from "./state.js";
export function findCustomer(state, id, param = "id") {
    const customer = lookup(state.customers, id);
    if (!customer)
        throw missing("customer", id, param);
    return customer;
}
/**
 * Refuses what Stripe refuses to attach to `customerId`: a card already saved to another customer,
 * one spent by a payment without a customer, or (when `check`, a direct attachment) one its bank
 * declines (a SetupIntent or payment checked the card already).
 */
export function checkAttachable(state, pm, customerId, { check = false }) {
    if (pm.customer === customerId)
        return;
    if (pm.customer !== null)
        throw invalid("The payment method you provided has already been attached to a customer.");
    if (lookup(state.paymentMethodUse, pm.id) === "spent") {
        throw invalid("This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.");
    }
    const decline = check ? saveDecline(state, pm) : undefined;
    if (decline)
        throw new ApiError(402, cardError(decline));
}
/** Attaches `pm` to `customer` (see checkAttachable); saving it again to the same customer changes nothing. */
export function attachPaymentMethod(core, ctx, pm, customer, options = {}) {
    if (pm.customer === customer.id)
        return;
    checkAttachable(core.state, pm, customer.id, options);
    pm.customer = customer.id;
    core.emit(ctx, "payment_method.attached", pm);
}
/** Sets (or, with null, unsets) the customer's default payment method, which must be saved to them. */
export function setDefaultPaymentMethod(state, customer, id) {
    if (id === null) {
        customer.invoice_settings.default_payment_method = null;
        return;
    }
    const param = "invoice_settings[default_payment_method]";
    const pm = lookup(state.paymentMethods, id);
    if (!pm)
        throw missing("PaymentMethod", id, param);
    if (pm.customer !== customer.id) {
        throw invalid(`The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`, param);
    }
    customer.invoice_settings.default_payment_method = id;
}
/** POST /v1/payment_methods/{id}/attach: `pm_card_visa` and friends attach a new card, as on Stripe. */
export const attachRoute = (core, ctx, id) => {
    const customer = findCustomer(core.state, readString(ctx.params, "customer", { required: true }), "customer");
    const pm = resolvePaymentMethod(core.state, id);
    attachPaymentMethod(core, ctx, pm, customer, { check: true });
    return clone(pm);
};
/**
 * POST /v1/payment_methods/{id}/detach: the card is no longer the customer's, nor their default, and
 * Stripe never charges it again.
 */
export const detachRoute = (core, ctx, id) => {
    const pm = lookup(core.state.paymentMethods, id);
    if (!pm)
        throw missing("PaymentMethod", id);
    const customer = lookup(core.state.customers, pm.customer);
    if (!customer) {
        throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.");
    }
    if (customer.invoice_settings.default_payment_method === pm.id) {
        const previous = clone(customer.invoice_settings);
        customer.invoice_settings.default_payment_method = null;
        core.emit(ctx, "customer.updated", customer, { invoice_settings: previous });
    }
    pm.customer = null;
    core.state.paymentMethodUse[pm.id] = "spent";
    core.emit(ctx, "payment_method.detached", pm);
    return clone(pm);
};
//# sourceMappingURL=attachments.js.map