// Customers (POST /v1/customers, GET and POST /v1/customers/{id}) and the cards saved to them
// (GET /v1/customers/{id}/payment_methods): what a payment plan charges later is a customer's card.
import { attachPaymentMethod, checkAttachable, findCustomer, setDefaultPaymentMethod } from "./attachments.js";
import { invalid, missing } from "./errors.js";
import { isParams } from "./form-body.js";
import { clone, newId, nowSeconds, randomId } from "./ids.js";
import { readEmail, readLimit, readMetadata, readNullable, readString } from "./params.js";
import { resolvePaymentMethod } from "./payment-methods.js";
/** The fields a call may set, read and checked before anything changes. */
function readFields(params) {
    const settings = params.invoice_settings;
    if (settings !== undefined && !isParams(settings))
        throw invalid("Invalid object", "invoice_settings");
    return {
        email: readEmail(params, "email"),
        name: readNullable(params, "name", 256),
        description: readNullable(params, "description"),
        phone: readNullable(params, "phone", 20),
        defaultPaymentMethod: settings ? readNullable(settings, "default_payment_method") : undefined,
    };
}
/** Applies the fields given; returns the earlier values of those that changed (customer.updated's previous_attributes). */
function apply(customer, fields) {
    const previous = {};
    for (const key of ["email", "name", "description", "phone"]) {
        const value = fields[key];
        if (value === undefined || value === customer[key])
            continue;
        previous[key] = customer[key];
        customer[key] = value;
    }
    return previous;
}
export const createCustomer = (core, ctx) => {
    const { params } = ctx;
    const fields = readFields(params);
    const metadata = readMetadata(params);
    const paymentMethodId = readString(params, "payment_method");
    const paymentMethod = paymentMethodId === undefined ? undefined : resolvePaymentMethod(core.state, paymentMethodId);
    const customer = {
        id: newId("cus", 14),
        object: "customer",
        address: null,
        balance: 0,
        created: nowSeconds(),
        currency: null,
        customer_account: null,
        default_source: null,
        delinquent: false,
        description: null,
        discount: null,
        email: null,
        invoice_prefix: randomId(8).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata,
        name: null,
        next_invoice_sequence: 1,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: "none",
        test_clock: null,
    };
    apply(customer, fields);
    // Nothing is kept when the card or the default is refused: both are checked before the customer is stored.
    if (paymentMethod)
        checkAttachable(core.state, paymentMethod, customer.id, { check: true });
    const { defaultPaymentMethod } = fields;
    const defaultId = defaultPaymentMethod === paymentMethodId && paymentMethod ? paymentMethod.id : (defaultPaymentMethod ?? null);
    if (defaultId !== null && defaultId !== paymentMethod?.id)
        setDefaultPaymentMethod(core.state, customer, defaultId);
    customer.invoice_settings.default_payment_method = defaultId;
    core.state.customers[customer.id] = customer;
    core.emit(ctx, "customer.created", customer);
    if (paymentMethod)
        attachPaymentMethod(core, ctx, paymentMethod, customer);
    return clone(customer);
};
export const retrieveCustomer = ({ state }, _ctx, id) => clone(findCustomer(state, id));
export const updateCustomer = (core, ctx, id) => {
    const customer = findCustomer(core.state, id);
    const fields = readFields(ctx.params);
    const metadata = readMetadata(ctx.params, customer.metadata);
    const settings = clone(customer.invoice_settings);
    if (fields.defaultPaymentMethod !== undefined) {
        setDefaultPaymentMethod(core.state, customer, fields.defaultPaymentMethod);
    }
    const previous = apply(customer, fields);
    if (JSON.stringify(metadata) !== JSON.stringify(customer.metadata)) {
        previous.metadata = customer.metadata;
        customer.metadata = metadata;
    }
    if (settings.default_payment_method !== customer.invoice_settings.default_payment_method) {
        previous.invoice_settings = settings;
    }
    if (Object.keys(previous).length > 0)
        core.emit(ctx, "customer.updated", customer, previous);
    return clone(customer);
};
/** Newest first, as Stripe lists them; `type` other than card lists nothing (the sandbox has cards only). */
export const listCustomerPaymentMethods = ({ state }, ctx, id) => {
    const customer = findCustomer(state, id);
    const { params } = ctx;
    const limit = readLimit(params);
    const type = readString(params, "type");
    const after = readString(params, "starting_after");
    let found = Object.values(state.paymentMethods)
        .filter((pm) => pm.customer === customer.id && (type === undefined || type === pm.type))
        .reverse();
    if (after) {
        const at = found.findIndex((pm) => pm.id === after);
        if (at < 0)
            throw missing("PaymentMethod", after, "starting_after");
        found = found.slice(at + 1);
    }
    const url = `/v1/customers/${customer.id}/payment_methods`;
    return { object: "list", data: clone(found.slice(0, limit)), has_more: found.length > limit, url };
};
//# sourceMappingURL=customers.js.map