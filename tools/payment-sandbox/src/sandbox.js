// The local payment sandbox (DESIGN section 5): speaks the subset of Stripe's v1 HTTP API this
// product uses, with Stripe's test-mode card semantics, so the real `stripe` SDK (pointed here with
// host/port/protocol), Stripe.js's stand-in and the card field work offline. Node built-ins only at
// run time: it starts in the tests, the local run and CI with nothing but this package's build.
import http from "node:http";
import { secretKeySet } from "./auth.js";
import { DEFAULT_PORT, LOCAL_SECRET_KEY } from "./constants.js";
import { createRequestHandler, send } from "./http.js";
import { randomId } from "./ids.js";
import { createRateLimiter } from "./rate-limit.js";
import { loadState, saveState } from "./state.js";
import { createWebhookSender } from "./webhooks.js";
export async function startPaymentSandbox(options = {}) {
    const { port = DEFAULT_PORT, host = "127.0.0.1", webhooks = [], dataFile, log = () => { }, retry = {}, deliveryTimeoutMs = 10_000, refundSettleMs = 1000, secretKeys = [LOCAL_SECRET_KEY], requestsPerSecond, } = options;
    const acceptedKeys = secretKeySet(secretKeys);
    const limiter = createRateLimiter(requestsPerSecond);
    const state = loadState(dataFile, log);
    const staticEndpoints = webhooks.map((hook, index) => ({
        id: `we_local_${index}`,
        url: hook.url,
        secret: hook.secret ?? `whsec_${randomId(32)}`,
        enabled_events: hook.enabledEvents ?? ["*"],
        status: "enabled",
    }));
    const sender = createWebhookSender({
        state,
        staticEndpoints,
        attempts: Math.max(1, retry.attempts ?? 6),
        initialDelayMs: retry.initialDelayMs ?? 250,
        deliveryTimeoutMs,
        log,
    });
    const save = () => {
        if (dataFile)
            saveState(state, dataFile);
    };
    const laterTimers = new Set();
    const later = (delayMs, change) => {
        const timer = setTimeout(() => {
            laterTimers.delete(timer);
            const ctx = {
                requestId: null,
                idempotencyKey: null,
                fingerprint: undefined,
                publishable: false,
                params: {},
                after: [],
                changes: true,
            };
            try {
                change(ctx);
                save();
                for (const start of ctx.after)
                    start();
            }
            catch (error) {
                log(`a delayed change failed: ${error instanceof Error ? error.message : String(error)}`);
            }
        }, delayMs);
        laterTimers.add(timer);
    };
    const core = { state, emit: sender.emit, later, refundSettleMs };
    const handle = createRequestHandler({ core, log, save, secretKeys: acceptedKeys, limiter });
    const server = http.createServer((req, res) => {
        handle(req, res).catch((error) => {
            log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
            const internal = { error: { type: "api_error", message: "Internal error." } };
            if (!res.headersSent)
                send(res, 500, internal);
            else
                res.destroy();
        });
    });
    server.on("clientError", (_error, socket) => socket.destroy());
    await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
            server.off("error", reject);
            resolve();
        });
    });
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    const urlHost = host.includes(":") ? `[${host}]` : host;
    let stopping;
    function stop() {
        stopping ??= (async () => {
            sender.stop();
            for (const timer of laterTimers)
                clearTimeout(timer);
            laterTimers.clear();
            await new Promise((resolve) => {
                server.close(() => resolve());
                server.closeAllConnections();
            });
            save();
        })();
        return stopping;
    }
    return {
        url: `http://${urlHost}:${actualPort}`,
        port: actualPort,
        stop,
        events: sender.events,
        onEvent: sender.onEvent,
        deliveries: sender.deliveries,
        waitForDelivery: sender.waitForDelivery,
        webhooks: staticEndpoints.map(({ url, secret }) => ({ url, secret })),
        setRequestsPerSecond: limiter.set,
    };
}
//# sourceMappingURL=sandbox.js.map