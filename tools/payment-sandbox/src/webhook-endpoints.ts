// Webhook endpoints made through the API (/v1/webhook_endpoints), as `stripe listen` or a
// deployment script would; the endpoints given at start are in sandbox.ts.
import type { RouteHandler } from "./context.js";
import { invalid, missing } from "./errors.js";
import { newId, nowSeconds, randomId } from "./ids.js";
import type { WebhookEndpoint } from "./objects.js";
import { readMetadata, readString, readStringArray } from "./params.js";
import { lookup } from "./state.js";

/** Stripe shows the signing secret only in the answer that creates the endpoint. */
function endpointView(endpoint: WebhookEndpoint, { withSecret = false } = {}) {
  const { secret, ...rest } = endpoint;
  return withSecret ? { ...rest, secret } : rest;
}

function isWebUrl(text: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

export const createWebhookEndpoint: RouteHandler = ({ state }, ctx) => {
  const { params } = ctx;
  const url = readString(params, "url", { required: true });
  if (!isWebUrl(url)) throw invalid(`Invalid URL: ${url}`, "url", "url_invalid");
  const enabled = readStringArray(params, "enabled_events");
  if (!enabled || enabled.length === 0 || enabled.some((event) => !/^(\*|[a-z_]+(\.[a-z_]+)+)$/.test(event))) {
    throw invalid(
      enabled ? "Invalid enabled_events: each must be an event type or *." : "Missing required param: enabled_events.",
      "enabled_events",
      enabled ? undefined : "parameter_missing",
    );
  }
  const endpoint: WebhookEndpoint = {
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

export const listWebhookEndpoints: RouteHandler = ({ state }) => {
  const data = Object.values(state.webhookEndpoints).map((endpoint) => endpointView(endpoint));
  return { object: "list", data: data.reverse(), has_more: false, url: "/v1/webhook_endpoints" };
};

export const retrieveWebhookEndpoint: RouteHandler = ({ state }, _ctx, id) => {
  const endpoint = lookup(state.webhookEndpoints, id);
  if (!endpoint) throw missing("webhook_endpoint", id);
  return endpointView(endpoint);
};

export const deleteWebhookEndpoint: RouteHandler = ({ state }, _ctx, id) => {
  if (!lookup(state.webhookEndpoints, id)) throw missing("webhook_endpoint", id);
  delete state.webhookEndpoints[id];
  return { id, object: "webhook_endpoint", deleted: true };
};
