// Stripe.js for the browser (GET /v3/), the card field's iframe (GET /v3/elements/card) and the test
// authentication dialog's (GET /v3/authenticate), served from browser/ next to this package's dist/ and src/.
// Stripe.js and the card field's script are each written as parts (browser/stripe/, browser/card-frame/)
// and served as the one classic script the browser loads, put together at each request.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderCardFrame } from "./card-frame.js";
const BROWSER_DIR = fileURLToPath(new URL("../browser/", import.meta.url));
function readBrowserFile(file) {
    return readFileSync(path.join(BROWSER_DIR, file), "utf8");
}
/**
 * A `// part: <folder>/<file>.js` line of a browser script, on a line of its own. Only lower-case
 * names in one folder of browser/, so a part can never name a file outside it.
 */
const PART_LINE = /^[ \t]*\/\/ part: ([a-z-]+\/[a-z-]+\.js)[ \t]*$/gm;
/**
 * A part as the browser gets it: without its opening comment (which says, for the reader of the
 * file, what the part does) and without the lines that tell the linter what it takes from and
 * gives to the other parts. The script the site loads stays the size it was as one file: the
 * site's page budgets count it.
 */
const LINT_DIRECTIVE = /^\/\* (?:global|exported) [^\n]*\*\/\n/gm;
export function partAsServed(text) {
    return text
        .replace(/^(?:\/\/[^\n]*\n)+/, "")
        .replace(LINT_DIRECTIVE, "")
        .trimEnd();
}
/**
 * The script with each part line replaced by that part's text (partAsServed), in the order the lines
 * come: the parts end up inside the script's one function and share its scope, as when they were
 * one file. A part line left over (a name the pattern does not take) would drop that part's code
 * without a word, so it fails instead.
 */
function joinParts(script) {
    const joined = script
        .replace(LINT_DIRECTIVE, "")
        .replace(PART_LINE, (_line, file) => partAsServed(readBrowserFile(file)));
    if (/^[ \t]*\/\/ part:/m.test(joined))
        throw new Error("a browser script names a part that cannot be read");
    return joined;
}
const BROWSER_ASSETS = new Map([
    ["/v3", { file: "stripe.js", type: "text/javascript; charset=utf-8", render: joinParts }],
    [
        "/v3/elements/card",
        { file: "card-frame.html", type: "text/html; charset=utf-8", page: true, render: renderCardFrame },
    ],
    ["/v3/elements/card.js", { file: "card-frame.js", type: "text/javascript; charset=utf-8", render: joinParts }],
    ["/v3/elements/card.css", { file: "card-frame.css", type: "text/css; charset=utf-8" }],
    ["/v3/authenticate", { file: "authenticate.html", type: "text/html; charset=utf-8", page: true }],
    ["/v3/authenticate.js", { file: "authenticate.js", type: "text/javascript; charset=utf-8" }],
    ["/v3/authenticate.css", { file: "authenticate.css", type: "text/css; charset=utf-8" }],
]);
/**
 * The card frame (and the authentication frame) runs only its own script and style, talks only to
 * the sandbox, and may be framed only by pages on this machine (the site in a local run, CI or e2e).
 */
export const CARD_FRAME_CSP = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors http://localhost:* http://127.0.0.1:*",
].join("; ");
/** The asset at `pathname` (GET), or undefined when the path is not one of them. Read at each request: edits show on reload. */
export function browserAsset(pathname) {
    const asset = BROWSER_ASSETS.get(pathname);
    if (!asset)
        return undefined;
    const text = readBrowserFile(asset.file);
    const body = asset.render ? asset.render(text) : text;
    const headers = {
        "content-type": asset.type,
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
        "access-control-allow-origin": "*",
        "cross-origin-resource-policy": "cross-origin",
        ...(asset.page ? { "content-security-policy": CARD_FRAME_CSP, "referrer-policy": "no-referrer" } : {}),
    };
    return { headers, body };
}
//# sourceMappingURL=browser-assets.js.map