// Request bodies and query strings: application/x-www-form-urlencoded with Stripe's bracket
// notation (`metadata[order]=7`, `expand[]=latest_charge`, `enabled_events[0]=*`).
import { invalid } from "./errors.js";
const MAX_PARAMS = 500;
const MAX_DEPTH = 6;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
export function isParams(value) {
    return typeof value === "object" && !Array.isArray(value);
}
export function decode(text) {
    try {
        return decodeURIComponent(text.replace(/\+/g, " "));
    }
    catch {
        throw invalid("Invalid request: the body or query string has malformed percent-encoding.");
    }
}
/** `a[b][]` -> ["a", "b", ""]; null when the name is not of that form. */
function splitKey(key) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match)
        return null;
    const [, first = "", brackets = ""] = match;
    const segments = [first];
    for (const part of brackets.matchAll(/\[([^[\]]*)\]/g))
        segments.push(part[1] ?? "");
    return segments;
}
function insert(root, segments, value, key) {
    const conflict = () => invalid(`Invalid request: the parameter ${key} conflicts with another one.`, key);
    let node = root;
    for (let i = 0; i < segments.length; i++) {
        const segment = segments[i] ?? "";
        if (FORBIDDEN_KEYS.has(segment))
            throw invalid(`Invalid parameter name: ${key}`, key);
        if (Array.isArray(node) !== (segment === ""))
            throw conflict();
        if (i === segments.length - 1) {
            if (Array.isArray(node))
                node.push(value);
            else if (node[segment] !== undefined && typeof node[segment] !== "string")
                throw conflict();
            else
                node[segment] = value;
            return;
        }
        const wantArray = segments[i + 1] === "";
        let child;
        if (Array.isArray(node)) {
            child = wantArray ? [] : {};
            node.push(child);
        }
        else {
            const existing = node[segment];
            if (existing === undefined) {
                child = wantArray ? [] : {};
                node[segment] = child;
            }
            else if (typeof existing === "string" || Array.isArray(existing) !== wantArray) {
                throw conflict();
            }
            else {
                child = existing;
            }
        }
        node = child;
    }
}
/** Objects keyed 0, 1, 2... (`enabled_events[0]=..`) become arrays, except metadata, whose keys are free. */
function normalize(value, name) {
    if (typeof value === "string")
        return value;
    if (Array.isArray(value))
        return value.map((item) => normalize(item, ""));
    const keys = Object.keys(value);
    for (const key of keys) {
        const item = value[key];
        if (item !== undefined)
            value[key] = normalize(item, key);
    }
    if (name !== "metadata" && keys.length > 0 && keys.every((key) => /^\d{1,6}$/.test(key))) {
        const items = keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
        return items.filter((item) => item !== undefined);
    }
    return value;
}
/** Parses a form body or query string into nested objects and arrays. */
export function parseForm(text) {
    const root = {};
    if (!text)
        return root;
    const pairs = text.split("&").filter(Boolean);
    if (pairs.length > MAX_PARAMS)
        throw invalid(`Invalid request: more than ${MAX_PARAMS} parameters.`);
    for (const pair of pairs) {
        const at = pair.indexOf("=");
        const key = decode(at === -1 ? pair : pair.slice(0, at));
        const value = at === -1 ? "" : decode(pair.slice(at + 1));
        const segments = splitKey(key);
        if (!segments || segments.length > MAX_DEPTH)
            throw invalid(`Invalid parameter name: ${key}`, key);
        insert(root, segments, value, key);
    }
    for (const [key, value] of Object.entries(root))
        root[key] = normalize(value, key);
    return root;
}
//# sourceMappingURL=form-body.js.map