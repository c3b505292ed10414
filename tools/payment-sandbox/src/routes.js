// The API's endpoints: method, path, handler, the parameters it takes, and whether Stripe.js (a
// publishable key) may call it.
import { attachRoute, detachRoute } from "./attachments.js";
import { authenticateRoute } from "./authentication.js";
import { createCustomer, listCustomerPaymentMethods, retrieveCustomer, updateCustomer } from "./customers.js";
import { missing } from "./errors.js";
import { listEvents, retrieveEvent } from "./events-api.js";
import { decode } from "./form-body.js";
import { clone } from "./ids.js";
import { cancelIntent, confirmRoute, createIntent, listIntents, retrieveIntent, updateIntent, } from "./payment-intents.js";
import { createPaymentMethodRoute } from "./payment-methods.js";
import { createRefund, listRefunds } from "./refunds.js";
import { SCHEMAS } from "./schemas.js";
import { cancelSetupIntent, confirmSetupRoute, createSetupIntent, retrieveSetupIntent } from "./setup-intents.js";
import { lookup } from "./state.js";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, retrieveWebhookEndpoint, } from "./webhook-endpoints.js";
/** GET of an object kept as created (payment methods, charges, refunds). */
function retrieveObject(collection, type) {
    return ({ state }, _ctx, id) => {
        const records = state[collection];
        const object = lookup(records, id);
        if (!object)
            throw missing(type, id);
        return clone(object);
    };
}
const ROUTES = [
    { method: "POST", pattern: /^\/v1\/payment_intents$/, handler: createIntent, schema: SCHEMAS.createIntent },
    { method: "GET", pattern: /^\/v1\/payment_intents$/, handler: listIntents, schema: SCHEMAS.listIntents },
    {
        method: "GET",
        pattern: /^\/v1\/payment_intents\/([^/]+)$/,
        handler: retrieveIntent,
        schema: SCHEMAS.retrieve,
        publishable: true,
    },
    { method: "POST", pattern: /^\/v1\/payment_intents\/([^/]+)$/, handler: updateIntent, schema: SCHEMAS.updateIntent },
    {
        method: "POST",
        pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
        handler: confirmRoute,
        schema: SCHEMAS.confirm,
        publishable: true,
    },
    {
        method: "POST",
        pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
        handler: cancelIntent,
        schema: SCHEMAS.cancel,
    },
    {
        method: "POST",
        pattern: /^\/v1\/payment_methods$/,
        handler: createPaymentMethodRoute,
        schema: SCHEMAS.paymentMethod,
        publishable: true,
    },
    {
        method: "GET",
        pattern: /^\/v1\/payment_methods\/([^/]+)$/,
        handler: retrieveObject("paymentMethods", "PaymentMethod"),
        schema: SCHEMAS.none,
    },
    {
        method: "POST",
        pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
        handler: attachRoute,
        schema: SCHEMAS.attach,
    },
    {
        method: "POST",
        pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
        handler: detachRoute,
        schema: SCHEMAS.none,
    },
    { method: "POST", pattern: /^\/v1\/customers$/, handler: createCustomer, schema: SCHEMAS.createCustomer },
    { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, handler: retrieveCustomer, schema: SCHEMAS.none },
    { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, handler: updateCustomer, schema: SCHEMAS.updateCustomer },
    {
        method: "GET",
        pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
        handler: listCustomerPaymentMethods,
        schema: SCHEMAS.listCustomerPaymentMethods,
    },
    {
        method: "POST",
        pattern: /^\/v1\/setup_intents$/,
        handler: createSetupIntent,
        schema: SCHEMAS.createSetupIntent,
    },
    {
        method: "GET",
        pattern: /^\/v1\/setup_intents\/([^/]+)$/,
        handler: retrieveSetupIntent,
        schema: SCHEMAS.retrieve,
        publishable: true,
    },
    {
        method: "POST",
        pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
        handler: confirmSetupRoute,
        schema: SCHEMAS.confirmSetupIntent,
        publishable: true,
    },
    {
        method: "POST",
        pattern: /^\/v1\/setup_intents\/([^/]+)\/cancel$/,
        handler: cancelSetupIntent,
        schema: SCHEMAS.cancel,
    },
    // The customer's answer to a 3-D Secure challenge (authentication.ts): the sandbox's, beside Stripe.js.
    {
        method: "POST",
        pattern: /^\/v3\/authenticate\/([^/]+)$/,
        handler: authenticateRoute,
        schema: SCHEMAS.authenticate,
        publishable: true,
    },
    {
        method: "GET",
        pattern: /^\/v1\/charges\/([^/]+)$/,
        handler: retrieveObject("charges", "charge"),
        schema: SCHEMAS.none,
    },
    { method: "POST", pattern: /^\/v1\/refunds$/, handler: createRefund, schema: SCHEMAS.refund },
    { method: "GET", pattern: /^\/v1\/refunds$/, handler: listRefunds, schema: SCHEMAS.listRefunds },
    {
        method: "GET",
        pattern: /^\/v1\/refunds\/([^/]+)$/,
        handler: retrieveObject("refunds", "refund"),
        schema: SCHEMAS.none,
    },
    {
        method: "POST",
        pattern: /^\/v1\/webhook_endpoints$/,
        handler: createWebhookEndpoint,
        schema: SCHEMAS.webhookEndpoint,
    },
    { method: "GET", pattern: /^\/v1\/webhook_endpoints$/, handler: listWebhookEndpoints, schema: SCHEMAS.none },
    {
        method: "GET",
        pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
        handler: retrieveWebhookEndpoint,
        schema: SCHEMAS.none,
    },
    {
        method: "DELETE",
        pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
        handler: deleteWebhookEndpoint,
        schema: SCHEMAS.none,
    },
    { method: "GET", pattern: /^\/v1\/events$/, handler: listEvents, schema: SCHEMAS.listEvents },
    { method: "GET", pattern: /^\/v1\/events\/([^/]+)$/, handler: retrieveEvent, schema: SCHEMAS.none },
];
/** The route for `method` and `pathname` with the id in its path ("" when none), or undefined. */
export function findRoute(method, pathname) {
    for (const route of ROUTES) {
        if (route.method !== method)
            continue;
        const match = route.pattern.exec(pathname);
        if (match)
            return { route, id: match[1] === undefined ? "" : decode(match[1]) };
    }
    return undefined;
}
//# sourceMappingURL=routes.js.map