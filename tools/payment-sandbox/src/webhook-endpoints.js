import { invalid, missing } from "./errors.js";
import { newId, nowSeconds, randomId } from "./ids.js";
import { readMetadata, readString, readStringArray } from "./params.js";
import { lookup } from "./state.js";
/** Stripe shows the signing secret only in the answer that creates the endpoint. */
function endpointView(endpoint, { withSecret = false } = {}) {
    const { secret, ...rest } = endpoint;
    return withSecret ? { ...rest, secret } : rest;
}
function isWebUrl(text) {
    try {
        return ["http:", "https:"].includes(new URL(text).protocol);
    }
    catch {
        return false;
    }
}
export const createWebhookEndpoint = ({ state }, ctx) => {
    const { params } = ctx;
    const url = readString(params, "url", { required: true });
    if (!isWebUrl(url))
        throw invalid(`Invalid URL: ${url}`, "url", "url_invalid");
    const enabled = readStringArray(params, "enabled_events");
    if (!enabled || enabled.length === 0 || enabled.some((event) => !/^(\*|[a-z_]+(\.[a-z_]+)+)$/.test(event))) {
        throw invalid(enabled ? "Invalid enabled_events: each must be an event type or *." : "Missing required param: enabled_events.", "enabled_events", enabled ? undefined : "parameter_missing");
    }
    const endpoint = {
        id: newId("we"),
        object: "webhook_endpoint",
        api_version: readString(params, "api_version") ?? null,
        application: null,
        created: nowSeconds(),
        description: readString(params, "description") ?? null,
        enabled_events: [...new Set(enabled)],
        livemode: false,
        metadata: readMetadata(params),
        status: "enabled",
        url,
        secret: `whsec_${randomId(32)}`,
    };
    state.webhookEndpoints[endpoint.id] = endpoint;
    return endpointView(endpoint, { withSecret: true });
};
export const listWebhookEndpoints = ({ state }) => {
    const data = Object.values(state.webhookEndpoints).map((endpoint) => endpointView(endpoint));
    return { object: "list", data: data.reverse(), has_more: false, url: "/v1/webhook_endpoints" };
};
export const retrieveWebhookEndpoint = ({ state }, _ctx, id) => {
    const endpoint = lookup(state.webhookEndpoints, id);
    if (!endpoint)
        throw missing("webhook_endpoint", id);
    return endpointView(endpoint);
};
export const deleteWebhookEndpoint = ({ state }, _ctx, id) => {
    if (!lookup(state.webhookEndpoints, id))
        throw missing("webhook_endpoint", id);
    delete state.webhookEndpoints[id];
    return { id, object: "webhook_endpoint", deleted: true };
};
//# sourceMappingURL=webhook-endpoints.js.map