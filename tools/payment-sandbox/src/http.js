import { authenticate, corsHeaders, refusePublishableKey } from "./auth.js";
import { browserAsset } from "./browser-assets.js";
import { API_VERSION } from "./constants.js";
import { ApiError, invalid } from "./errors.js";
import { parseForm } from "./form-body.js";
import { canonical, checkKey, savedResult } from "./idempotency.js";
import { newId, nowSeconds } from "./ids.js";
import { rejectUnknown } from "./params.js";
import { findRoute } from "./routes.js";
const MAX_BODY_BYTES = 256 * 1024;
export function send(res, status, body, headers = {}) {
    const text = JSON.stringify(body, null, 2);
    res.writeHead(status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
        "cache-control": "no-cache, no-store",
        ...headers,
    });
    res.end(text);
}
/** Reads the whole body even when it is too large, so the caller gets the answer, not a reset. */
async function readBody(req) {
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES)
            chunks.push(chunk);
    }
    if (size > MAX_BODY_BYTES) {
        throw new ApiError(413, { type: "invalid_request_error", message: "Request body too large." });
    }
    return Buffer.concat(chunks).toString("utf8");
}
export function createRequestHandler({ core, log, save, secretKeys, limiter }) {
    /** Runs the API call; resolves to its status and body, or to an idempotent replay already sent. */
    async function call(req, ctx, url, pathname) {
        const method = req.method ?? "GET";
        const text = await readBody(req);
        limiter.take();
        const contentType = String(req.headers["content-type"] ?? "");
        if (text && method !== "GET" && /json/i.test(contentType)) {
            throw invalid("Invalid request: Stripe's v1 API (and this sandbox) takes application/x-www-form-urlencoded bodies, not JSON.");
        }
        const query = parseForm(url.search.slice(1));
        const form = method === "GET" || method === "DELETE" ? {} : parseForm(text);
        ctx.params = { ...query, ...form };
        const found = findRoute(method, pathname);
        if (!found) {
            throw new ApiError(404, {
                type: "invalid_request_error",
                message: `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
            });
        }
        const { route, id } = found;
        ctx.publishable = authenticate(req, ctx.params, secretKeys) === "publishable";
        if (ctx.publishable && !route.publishable)
            throw refusePublishableKey();
        // Stripe.js adds its own fields (key, muid, payment_user_agent...): only server calls are strict.
        const params = { ...ctx.params };
        delete params.key;
        if (!ctx.publishable)
            rejectUnknown(params, route.schema);
        const idempotencyKey = method === "POST" ? req.headers["idempotency-key"] : undefined;
        if (typeof idempotencyKey === "string") {
            checkKey(idempotencyKey);
            ctx.idempotencyKey = idempotencyKey;
            const fingerprint = canonical(params);
            const saved = savedResult(core.state, idempotencyKey, { method, path: pathname, fingerprint });
            if (saved)
                return { replay: saved };
            ctx.fingerprint = fingerprint;
        }
        ctx.changes = method !== "GET";
        return { body: route.handler(core, ctx, id) };
    }
    return async function handle(req, res) {
        const requestId = newId("req", 14);
        const cors = corsHeaders(req);
        const method = req.method ?? "GET";
        const url = new URL(req.url ?? "/", "http://sandbox.invalid");
        const pathname = url.pathname.replace(/\/+$/, "") || "/";
        if ((method === "GET" || method === "HEAD") && pathname.startsWith("/v3")) {
            const asset = browserAsset(pathname);
            if (asset) {
                log(`${method} ${pathname} 200`);
                res.writeHead(200, asset.headers);
                res.end(method === "HEAD" ? undefined : asset.body);
                return;
            }
        }
        if (method === "OPTIONS") {
            res.writeHead(204, {
                ...cors,
                "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
                "access-control-allow-headers": req.headers["access-control-request-headers"] ??
                    "Authorization, Content-Type, Stripe-Version, Idempotency-Key, Stripe-Account",
                "access-control-max-age": "600",
            });
            res.end();
            return;
        }
        const ctx = {
            requestId,
            idempotencyKey: null,
            fingerprint: undefined,
            publishable: false,
            params: {},
            after: [],
            changes: false,
        };
        const headers = {
            "request-id": requestId,
            "stripe-version": req.headers["stripe-version"] ?? API_VERSION,
            ...cors,
        };
        let status = 200;
        let body;
        try {
            const result = await call(req, ctx, url, pathname);
            if (ctx.idempotencyKey !== null)
                headers["idempotency-key"] = ctx.idempotencyKey;
            if (result.replay) {
                const saved = result.replay;
                log(`${method} ${pathname} ${saved.status} (idempotent replay)`);
                send(res, saved.status, saved.body, {
                    ...headers,
                    "request-id": saved.requestId,
                    "idempotent-replayed": "true",
                });
                return;
            }
            body = result.body;
        }
        catch (error) {
            if (ctx.idempotencyKey !== null)
                headers["idempotency-key"] = ctx.idempotencyKey;
            if (error instanceof ApiError) {
                status = error.status;
                body = { error: error.error };
                // Stripe saves the result of a request that started executing (a decline too), not a refusal
                // of its parameters.
                if (!error.saved)
                    ctx.fingerprint = undefined;
            }
            else {
                log(`internal error on ${method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`);
                status = 500;
                body = {
                    error: { type: "api_error", message: "An unexpected error occurred in the payment sandbox." },
                };
                // The SDK retries a 500; a sandbox bug would only repeat itself.
                headers["stripe-should-retry"] = "false";
                ctx.fingerprint = undefined;
            }
        }
        if (ctx.fingerprint !== undefined && ctx.idempotencyKey !== null) {
            const { fingerprint } = ctx;
            core.state.idempotency[ctx.idempotencyKey] = {
                method,
                path: pathname,
                fingerprint,
                status,
                body,
                requestId,
                created: nowSeconds(),
            };
        }
        if (ctx.changes)
            save();
        log(`${method} ${pathname} ${status} ${requestId}`);
        // Webhooks go out after the answer, as on Stripe: a handler may see the webhook before or after
        // the API call returns, never inside it.
        res.once("finish", () => {
            for (const start of ctx.after)
                start();
        });
        send(res, status, body, headers);
    };
}
//# sourceMappingURL=http.js.map