// What the sandbox keeps, and its persistence: one JSON file, loaded at start and rewritten (through
// a temporary file and a rename) after each change, so a local run keeps its payments across restarts.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { nowSeconds } from "./ids.js";
/** Stripe keeps idempotent results for 24 hours. */
const IDEMPOTENCY_TTL_S = 24 * 60 * 60;
/** Enough history for GET /v1/events in a long local session, without an ever-growing file. */
export const MAX_EVENTS = 2000;
export function emptyState() {
    return {
        customers: {},
        paymentIntents: {},
        setupIntents: {},
        paymentMethods: {},
        charges: {},
        refunds: {},
        webhookEndpoints: {},
        events: [],
        idempotency: {},
        cardOutcomes: {},
        refundOutcomes: {},
        cardRules: {},
        paymentMethodUse: {},
    };
}
/** The entry of `record` under `key`, never one inherited from Object.prototype ("constructor"...). */
export function lookup(record, key) {
    return typeof key === "string" && Object.hasOwn(record, key) ? record[key] : undefined;
}
function isRecord(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
/** State from the data file, or an empty one; a file that cannot be read is set aside, never lost. */
export function loadState(dataFile, log) {
    const state = emptyState();
    if (!dataFile || !existsSync(dataFile))
        return state;
    try {
        const saved = JSON.parse(readFileSync(dataFile, "utf8"));
        if (!isRecord(saved))
            throw new Error("not a JSON object");
        const loaded = {};
        for (const [key, empty] of Object.entries(state)) {
            if (saved[key] !== undefined && typeof saved[key] === typeof empty)
                loaded[key] = saved[key];
        }
        if (!Array.isArray(loaded.events))
            delete loaded.events;
        // The file is the sandbox's own earlier state (saveState below): its objects have these shapes.
        return { ...state, ...loaded };
    }
    catch (error) {
        const aside = `${dataFile}.unreadable-${Date.now()}`;
        renameSync(dataFile, aside);
        const reason = error instanceof Error ? error.message : String(error);
        log(`payment sandbox: ${dataFile} could not be read (${reason}); moved to ${aside}, starting empty`);
        return state;
    }
}
/** Writes the state, without idempotent results older than Stripe keeps them and old events. */
export function saveState(state, dataFile) {
    const cutoff = nowSeconds() - IDEMPOTENCY_TTL_S;
    for (const [key, entry] of Object.entries(state.idempotency)) {
        if (entry.created < cutoff)
            delete state.idempotency[key];
    }
    // A temporary file and a rename: a stop in the middle of a write never leaves half a file.
    mkdirSync(path.dirname(dataFile), { recursive: true });
    const tmp = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, ...state, events: state.events.slice(-MAX_EVENTS) }));
    renameSync(tmp, dataFile);
}
//# sourceMappingURL=state.js.map