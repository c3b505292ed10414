// Reading and checking the parameters of one API call, with Stripe's error messages.
import { checkCurrency } from "./currencies.js";
import { invalid } from "./errors.js";
import { isParams } from "./form-body.js";
/** Stripe refuses any parameter it does not know (server-side calls only: see http.ts). */
export function rejectUnknown(params, schema, prefix = "") {
    for (const [name, value] of Object.entries(params)) {
        const full = prefix ? `${prefix}[${name}]` : name;
        const rule = schema[name];
        if (rule === undefined) {
            throw invalid(`Received unknown parameter: ${full}`, full, "parameter_unknown");
        }
        if (typeof rule === "object" && isParams(value))
            rejectUnknown(value, rule, full);
    }
}
export function readString(params, name, { required = false, max = 5000 } = {}) {
    const value = params[name];
    if (value === undefined || (value === "" && required)) {
        if (required)
            throw invalid(`Missing required param: ${name}.`, name, "parameter_missing");
        return undefined;
    }
    if (typeof value !== "string")
        throw invalid(`Invalid string: ${JSON.stringify(value)}`, name);
    if (value.length > max)
        throw invalid(`Invalid string: must be at most ${max} characters`, name);
    return value;
}
export function readInteger(params, name, options) {
    const value = readString(params, name, options);
    if (value === undefined)
        return undefined;
    if (!/^-?\d{1,15}$/.test(value.trim())) {
        throw invalid(`Invalid integer: ${value}`, name, "parameter_invalid_integer");
    }
    return Number(value.trim());
}
export function readBoolean(params, name) {
    const value = readString(params, name);
    if (value === undefined)
        return undefined;
    if (value !== "true" && value !== "false")
        throw invalid(`Invalid boolean: ${value}`, name);
    return value === "true";
}
/** One of `allowed`; null when sent empty (Stripe's way to unset a field), undefined when left out. */
export function readEnum(params, name, allowed) {
    const value = readString(params, name);
    if (value === undefined || value === "")
        return value === "" ? null : undefined;
    const found = allowed.find((item) => item === value);
    if (found === undefined) {
        throw invalid(`Invalid ${name}: must be one of ${allowed.join(", ")}`, name);
    }
    return found;
}
function isStringList(value) {
    return Array.isArray(value) && value.every((item) => typeof item === "string");
}
export function readStringArray(params, name) {
    const value = params[name];
    if (value === undefined)
        return undefined;
    const list = typeof value === "string" ? [value] : value;
    if (!isStringList(list))
        throw invalid(`Invalid array: ${name}`, name);
    return list;
}
/** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500; "" unsets a key. */
export function readMetadata(params, existing = {}) {
    const value = params.metadata;
    if (value === undefined)
        return existing;
    if (value === "")
        return {};
    if (!isParams(value))
        throw invalid("Invalid object", "metadata");
    const result = { ...existing };
    for (const [key, item] of Object.entries(value)) {
        if (typeof item !== "string")
            throw invalid(`Invalid string: ${JSON.stringify(item)}`, `metadata[${key}]`);
        if (key.length > 40)
            throw invalid("Metadata keys can have up to 40 characters.", `metadata[${key}]`);
        if (item.length > 500)
            throw invalid("Metadata values can have up to 500 characters.", `metadata[${key}]`);
        if (item === "")
            delete result[key];
        else
            result[key] = item;
    }
    if (Object.keys(result).length > 50)
        throw invalid("Metadata can have up to 50 keys.", "metadata");
    return result;
}
export function readCurrency(params, { required = true } = {}) {
    const value = readString(params, "currency", { required });
    if (value === undefined)
        return undefined;
    return checkCurrency(value);
}
/** An e-mail address (receipt_email by default): null when sent empty (unset), undefined when left out. */
export function readEmail(params, name = "receipt_email") {
    const value = readString(params, name, { max: 800 });
    if (value === undefined || value === "")
        return value === "" ? null : undefined;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
        throw invalid(`Invalid email address: ${value}`, name, "email_invalid");
    }
    return value;
}
/** A string field Stripe lets a caller unset with "": null then, undefined when left out. */
export function readNullable(params, name, max = 5000) {
    const value = readString(params, name, { max });
    return value === "" ? null : value;
}
/** `limit` of a list: 10 unless given, 1 to 100 as on Stripe. */
export function readLimit(params) {
    const limit = readInteger(params, "limit") ?? 10;
    if (limit < 1 || limit > 100)
        throw invalid("This value must be between 1 and 100.", "limit");
    return limit;
}
export function readExpand(params) {
    return readStringArray(params, "expand") ?? [];
}
//# sourceMappingURL=params.js.map