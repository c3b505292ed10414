// Ids, timestamps and copies of the objects the sandbox keeps.
import { randomBytes } from "node:crypto";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** `length` random base-62 characters, as in Stripe's ids and secrets. */
export function randomId(length) {
    let out = "";
    for (const byte of randomBytes(length))
        out += BASE62[byte % 62];
    return out;
}
/** `pi_...`, `ch_...`: the prefix Stripe uses for the object type, then random characters. */
export function newId(prefix, length = 24) {
    return `${prefix}_${randomId(length)}`;
}
export function nowSeconds() {
    return Math.floor(Date.now() / 1000);
}
/** A deep copy through JSON, as an object goes over the wire: answers never share state. */
export function clone(value) {
    return value === undefined ? value : JSON.parse(JSON.stringify(value));
}
//# sourceMappingURL=ids.js.map