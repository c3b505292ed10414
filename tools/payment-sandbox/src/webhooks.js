// Events and their webhooks: each event is recorded, then sent to every endpoint that wants it,
// signed, retried with back-off like Stripe's, after the API call that caused it has been answered.
import { API_VERSION } from "./constants.js";
import { clone, newId, nowSeconds } from "./ids.js";
import { signatureHeader } from "./signing.js";
import { MAX_EVENTS } from "./state.js";
export function createWebhookSender({ state, staticEndpoints, attempts, initialDelayMs, deliveryTimeoutMs, log, }) {
    /** Live arrays: the caller reads them (tests, logs); deliveries live only in memory. */
    const events = state.events;
    const deliveries = [];
    const deliveryWaiters = new Set();
    const eventListeners = new Set();
    /** Back-off timers and in-flight deliveries, so stop() ends them at once. */
    const timers = new Map();
    const inFlight = new Set();
    let stopped = false;
    const allEndpoints = () => [...staticEndpoints, ...Object.values(state.webhookEndpoints)];
    const wants = (endpoint, type) => endpoint.status === "enabled" && endpoint.enabled_events.some((e) => e === "*" || e === type);
    function emit(ctx, type, object, previous) {
        const targets = allEndpoints().filter((endpoint) => wants(endpoint, type));
        const event = {
            id: newId("evt"),
            object: "event",
            api_version: API_VERSION,
            created: nowSeconds(),
            data: { object: clone(object), ...(previous ? { previous_attributes: clone(previous) } : {}) },
            livemode: false,
            pending_webhooks: targets.length,
            request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
            type,
        };
        events.push(event);
        if (events.length > MAX_EVENTS * 2)
            events.splice(0, events.length - MAX_EVENTS);
        for (const listener of eventListeners)
            listener(event);
        ctx.after.push(() => {
            for (const endpoint of targets)
                void deliver(event, endpoint);
        });
        return event;
    }
    function onEvent(listener) {
        eventListeners.add(listener);
        return () => eventListeners.delete(listener);
    }
    function sleep(ms) {
        return new Promise((resolve) => {
            const timer = setTimeout(() => {
                timers.delete(timer);
                resolve();
            }, ms);
            timers.set(timer, resolve);
        });
    }
    function record(delivery) {
        deliveries.push(delivery);
        const outcome = delivery.status ?? delivery.error;
        log(`webhook ${delivery.type} ${delivery.eventId} -> ${delivery.url}: ${outcome} (attempt ${delivery.attempt})`);
        for (const waiter of deliveryWaiters)
            waiter(delivery);
    }
    /** One POST; resolves to the endpoint's status, or to the reason it could not be reached. */
    async function post(endpoint, payload) {
        const controller = new AbortController();
        const timeout = setTimeout(() => controller.abort(new Error("timed out")), deliveryTimeoutMs);
        inFlight.add(controller);
        try {
            const response = await fetch(endpoint.url, {
                method: "POST",
                headers: {
                    "content-type": "application/json; charset=utf-8",
                    "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
                    "stripe-signature": signatureHeader(endpoint.secret, payload, nowSeconds()),
                },
                body: payload,
                signal: controller.signal,
            });
            await response.arrayBuffer().catch(() => undefined);
            return { status: response.status };
        }
        catch (caught) {
            if (!(caught instanceof Error))
                return { status: null, error: String(caught) };
            return { status: null, error: caught.cause instanceof Error ? caught.cause.message : caught.message };
        }
        finally {
            clearTimeout(timeout);
            inFlight.delete(controller);
        }
    }
    /** Like Stripe: signed with the endpoint's secret, signed again on each retry, retried with back-off. */
    async function deliver(event, endpoint) {
        for (let attempt = 1; attempt <= attempts; attempt++) {
            if (stopped || !allEndpoints().includes(endpoint))
                return;
            const { status, error } = await post(endpoint, JSON.stringify(event, null, 2));
            if (stopped && status === null)
                return;
            const ok = status !== null && status >= 200 && status < 300;
            record({
                eventId: event.id,
                type: event.type,
                url: endpoint.url,
                status,
                attempt,
                ok,
                ...(error ? { error } : {}),
            });
            if (ok) {
                event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
                return;
            }
            if (attempt < attempts)
                await sleep(initialDelayMs * 2 ** (attempt - 1));
        }
    }
    function waitForDelivery(predicate, timeoutMs = 10_000) {
        const found = deliveries.find(predicate);
        if (found)
            return Promise.resolve(found);
        return new Promise((resolve, reject) => {
            const waiter = (delivery) => {
                if (!predicate(delivery))
                    return;
                clearTimeout(timer);
                deliveryWaiters.delete(waiter);
                resolve(delivery);
            };
            const timer = setTimeout(() => {
                deliveryWaiters.delete(waiter);
                reject(new Error(`no matching webhook delivery within ${timeoutMs} ms (${deliveries.length} recorded)`));
            }, timeoutMs);
            deliveryWaiters.add(waiter);
        });
    }
    /** Ends in-flight deliveries and back-off waits at once; nothing is sent afterwards. */
    function stop() {
        stopped = true;
        for (const controller of inFlight)
            controller.abort();
        for (const [timer, resolve] of timers) {
            clearTimeout(timer);
            resolve();
        }
        timers.clear();
    }
    return { events, deliveries, emit, onEvent, waitForDelivery, stop };
}
//# sourceMappingURL=webhooks.js.map