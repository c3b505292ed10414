// The local payment sandbox (DESIGN section 5): speaks the subset of Stripe's v1 HTTP API this
// product uses, with Stripe's test-mode card semantics, so the real `stripe` SDK (pointed here with
// host/port/protocol) and a local card form work offline. Node built-ins only: it starts in the
// tests, the local run and CI without installing anything.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The keys and webhook secret of the local run, e2e run and tests: fixed, so nothing needs copying. */
export const LOCAL_SECRET_KEY = "sk_test_local_sandbox";
export const LOCAL_PUBLISHABLE_KEY = "pk_test_local_sandbox";
export const LOCAL_WEBHOOK_SECRET = "whsec_local_sandbox";
export const DEFAULT_PORT = 12111;

/** The API version the pinned SDK (stripe 23.x) sends; events carry it like an account's default. */
export const API_VERSION = "2026-10-28.endive";

const MAX_BODY_BYTES = 256 * 1024;
const MAX_PARAMS = 500;
const MAX_DEPTH = 6;
/** Stripe keeps idempotent results for 24 hours. */
const IDEMPOTENCY_TTL_S = 24 * 60 * 60;
/** Enough history for GET /v1/events in a long local session, without an ever-growing file. */
const MAX_EVENTS = 2000;

// ---------------------------------------------------------------------------------------------
// Test cards (https://docs.stripe.com/testing): what each number does when a payment is confirmed.

const DECLINES = {
  generic_decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient_funds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  lost_card: { code: "card_declined", decline_code: "lost_card", message: "Your card was declined." },
  stolen_card: { code: "card_declined", decline_code: "stolen_card", message: "Your card was declined." },
  fraudulent: { code: "card_declined", decline_code: "fraudulent", message: "Your card was declined." },
  expired_card: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  incorrect_cvc: {
    code: "incorrect_cvc",
    decline_code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    code: "processing_error",
    decline_code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
  // Stripe's answer to a real card number in test mode: nothing is ever charged here.
  live_card: {
    code: "card_declined",
    decline_code: "test_mode_live_card",
    message:
      "Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
  },
};

/** Card number -> outcome ("success" or a key of DECLINES) and funding. */
const TEST_CARDS = {
  4242424242424242: { outcome: "success", funding: "credit" },
  4000056655665556: { outcome: "success", funding: "debit" },
  5555555555554444: { outcome: "success", funding: "credit" },
  2223003122003222: { outcome: "success", funding: "credit" },
  5200828282828210: { outcome: "success", funding: "debit" },
  378282246310005: { outcome: "success", funding: "credit" },
  6011111111111117: { outcome: "success", funding: "credit" },
  4000000000000002: { outcome: "generic_decline", funding: "credit" },
  4000000000009995: { outcome: "insufficient_funds", funding: "credit" },
  4000000000009987: { outcome: "lost_card", funding: "credit" },
  4000000000009979: { outcome: "stolen_card", funding: "credit" },
  4100000000000019: { outcome: "fraudulent", funding: "credit" },
  4000000000000069: { outcome: "expired_card", funding: "credit" },
  4000000000000127: { outcome: "incorrect_cvc", funding: "credit" },
  4000000000000119: { outcome: "processing_error", funding: "credit" },
};

/** Stripe's test PaymentMethod ids for server-side code, each standing for a test card. */
const TEST_PAYMENT_METHODS = {
  pm_card_visa: "4242424242424242",
  pm_card_visa_debit: "4000056655665556",
  pm_card_mastercard: "5555555555554444",
  pm_card_mastercard_debit: "5200828282828210",
  pm_card_amex: "378282246310005",
  pm_card_discover: "6011111111111117",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedLostCard: "4000000000009987",
  pm_card_chargeDeclinedStolenCard: "4000000000009979",
  pm_card_chargeDeclinedFraudulent: "4100000000000019",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_chargeDeclinedProcessingError: "4000000000000119",
};

/** Smallest amounts Stripe accepts, in the currency's smallest unit (others: 50). */
const MINIMUM_AMOUNTS = { gbp: 30, dkk: 250, nok: 300, sek: 300, hkd: 400, czk: 1500, mxn: 1000, huf: 17500 };
const CURRENCY_SYMBOLS = { usd: "$", eur: "€", gbp: "£", cad: "$", aud: "$", nzd: "$", sgd: "$" };
const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd"]);

const CANCELLATION_REASONS = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"];

/** PaymentIntent fields Stripe returns to a publishable key (the rest, e.g. metadata, stay server-side). */
const PUBLISHABLE_PI_FIELDS = [
  "id",
  "object",
  "amount",
  "automatic_payment_methods",
  "canceled_at",
  "cancellation_reason",
  "capture_method",
  "client_secret",
  "confirmation_method",
  "created",
  "currency",
  "description",
  "last_payment_error",
  "livemode",
  "next_action",
  "payment_method",
  "payment_method_types",
  "processing",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "status",
];

// ---------------------------------------------------------------------------------------------
// Stripe.js for the browser (GET /v3/) and the card field's iframe (GET /v3/elements/card).

const BROWSER_DIR = fileURLToPath(new URL("../browser/", import.meta.url));
const readAsset = (name) => readFileSync(path.join(BROWSER_DIR, name), "utf8");
const BROWSER_ASSETS = {
  "/v3": { file: "stripe.js", type: "text/javascript; charset=utf-8" },
  "/v3/elements/card": { file: "card-frame.html", type: "text/html; charset=utf-8", page: true },
  "/v3/elements/card.js": { file: "card-frame.js", type: "text/javascript; charset=utf-8" },
  "/v3/elements/card.css": { file: "card-frame.css", type: "text/css; charset=utf-8" },
};
/**
 * The card frame runs only its own script and style, talks only to the sandbox, and may be framed
 * only by pages on this machine (the site in a local run, CI or e2e).
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

/** The asset at `pathname` (GET), or undefined when the path is not one of them. */
function browserAsset(pathname) {
  const asset = BROWSER_ASSETS[pathname];
  if (!asset) return undefined;
  const body = readAsset(asset.file);
  const headers = {
    "content-type": asset.type,
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    "access-control-allow-origin": "*",
    "cross-origin-resource-policy": "cross-origin",
    ...(asset.page && { "content-security-policy": CARD_FRAME_CSP, "referrer-policy": "no-referrer" }),
  };
  return { headers, body };
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomId(length) {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}
const newId = (prefix, length = 24) => `${prefix}_${randomId(length)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** An API error: `status` and Stripe's error object. `saved: false` keeps it out of idempotent replays. */
class ApiError extends Error {
  constructor(status, error, { saved = true } = {}) {
    super(error.message);
    this.status = status;
    this.error = error;
    this.saved = saved;
  }
}

/** A 400 for parameters that fail validation: Stripe saves no idempotent result for these. */
function invalid(message, param, code) {
  return new ApiError(
    400,
    { type: "invalid_request_error", message, ...(param && { param }), ...(code && { code }) },
    { saved: false },
  );
}

function missing(type, id, param = "id") {
  return new ApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${type}: '${id}'`,
    param,
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
  });
}

function unexpectedState(message) {
  return new ApiError(400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message,
    doc_url: "https://stripe.com/docs/error-codes/payment-intent-unexpected-state",
  });
}

function luhnValid(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardBrand(digits) {
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^35/.test(digits)) return "jcb";
  if (/^3(0[0-5]|[68])/.test(digits)) return "diners";
  return "unknown";
}

function formatAmount(amount, currency) {
  const value = ZERO_DECIMAL.has(currency) ? String(amount) : (amount / 100).toFixed(2);
  return `${CURRENCY_SYMBOLS[currency] ?? ""}${value}`;
}

// ---------------------------------------------------------------------------------------------
// Request bodies: application/x-www-form-urlencoded with Stripe's bracket notation.

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function decode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw invalid("Invalid request: the body or query string has malformed percent-encoding.");
  }
}

/** `a[b][]` -> ["a", "b", ""]; null when the name is not of that form. */
function splitKey(key) {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const segments = [match[1]];
  for (const part of match[2].matchAll(/\[([^[\]]*)\]/g)) segments.push(part[1]);
  return segments;
}

function insert(root, segments, value, key) {
  const conflict = () => invalid(`Invalid request: the parameter ${key} conflicts with another one.`, key);
  let node = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (FORBIDDEN_KEYS.has(segment)) throw invalid(`Invalid parameter name: ${key}`, key);
    const isArray = Array.isArray(node);
    if (isArray !== (segment === "")) throw conflict();
    if (i === segments.length - 1) {
      if (isArray) node.push(value);
      else if (node[segment] !== undefined && typeof node[segment] !== "string") throw conflict();
      else node[segment] = value;
      return;
    }
    const wantArray = segments[i + 1] === "";
    let child;
    if (isArray) {
      child = wantArray ? [] : {};
      node.push(child);
    } else {
      child = node[segment];
      if (child === undefined) node[segment] = child = wantArray ? [] : {};
      else if (typeof child === "string" || Array.isArray(child) !== wantArray) throw conflict();
    }
    node = child;
  }
}

/** Objects keyed 0, 1, 2... (`enabled_events[0]=..`) become arrays, except metadata, whose keys are free. */
function normalize(value, name) {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => normalize(item, ""));
  const keys = Object.keys(value);
  for (const key of keys) value[key] = normalize(value[key], key);
  if (name !== "metadata" && keys.length > 0 && keys.every((key) => /^\d{1,6}$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
  }
  return value;
}

/** Parses a form body or query string into nested objects and arrays. Exported for its tests. */
export function parseForm(text) {
  const root = {};
  if (!text) return root;
  const pairs = text.split("&").filter(Boolean);
  if (pairs.length > MAX_PARAMS) throw invalid(`Invalid request: more than ${MAX_PARAMS} parameters.`);
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const key = decode(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? "" : decode(pair.slice(at + 1));
    const segments = splitKey(key);
    if (!segments || segments.length > MAX_DEPTH) throw invalid(`Invalid parameter name: ${key}`, key);
    insert(root, segments, value, key);
  }
  for (const key of Object.keys(root)) root[key] = normalize(root[key], key);
  return root;
}

/** Parameters of one endpoint: `true` a value, "map" a string map (metadata), an object nested ones. */
function rejectUnknown(params, schema, prefix = "") {
  for (const [name, value] of Object.entries(params)) {
    const full = prefix ? `${prefix}[${name}]` : name;
    const rule = schema[name];
    if (rule === undefined) {
      throw invalid(`Received unknown parameter: ${full}`, full, "parameter_unknown");
    }
    if (typeof rule === "object" && value && typeof value === "object" && !Array.isArray(value)) {
      rejectUnknown(value, rule, full);
    }
  }
}

function readString(params, name, { required = false, max = 5000 } = {}) {
  const value = params[name];
  if (value === undefined || (value === "" && required)) {
    if (required) throw invalid(`Missing required param: ${name}.`, name, "parameter_missing");
    return undefined;
  }
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, name);
  if (value.length > max) throw invalid(`Invalid string: must be at most ${max} characters`, name);
  return value;
}

function readInteger(params, name, options) {
  const value = readString(params, name, options);
  if (value === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(value.trim())) {
    throw invalid(`Invalid integer: ${value}`, name, "parameter_invalid_integer");
  }
  return Number(value.trim());
}

function readBoolean(params, name) {
  const value = readString(params, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, name);
  return value === "true";
}

function readEnum(params, name, allowed) {
  const value = readString(params, name);
  if (value === undefined || value === "") return value === "" ? null : undefined;
  if (!allowed.includes(value)) {
    throw invalid(`Invalid ${name}: must be one of ${allowed.join(", ")}`, name);
  }
  return value;
}

function readStringArray(params, name) {
  const value = params[name];
  if (value === undefined) return undefined;
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== "string")) {
    throw invalid(`Invalid array: ${name}`, name);
  }
  return list;
}

/** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500; "" unsets a key. */
function readMetadata(params, existing = {}) {
  const value = params.metadata;
  if (value === undefined) return existing;
  if (value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("Invalid object", "metadata");
  const result = { ...existing };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") throw invalid(`Invalid string: ${JSON.stringify(item)}`, `metadata[${key}]`);
    if (key.length > 40) throw invalid("Metadata keys can have up to 40 characters.", `metadata[${key}]`);
    if (item.length > 500) throw invalid("Metadata values can have up to 500 characters.", `metadata[${key}]`);
    if (item === "") delete result[key];
    else result[key] = item;
  }
  if (Object.keys(result).length > 50) throw invalid("Metadata can have up to 50 keys.", "metadata");
  return result;
}

function readCurrency(params, { required = true } = {}) {
  const value = readString(params, "currency", { required });
  if (value === undefined) return undefined;
  const currency = value.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${value}.`, "currency");
  return currency;
}

function checkAmount(amount, currency) {
  const minimum = ZERO_DECIMAL.has(currency) ? 50 : (MINIMUM_AMOUNTS[currency] ?? 50);
  if (amount < 1)
    throw invalid("This value must be greater than or equal to 1.", "amount", "parameter_invalid_integer");
  if (amount < minimum) {
    throw invalid(
      `Amount must be at least ${formatAmount(minimum, currency)} ${currency}`,
      "amount",
      "amount_too_small",
    );
  }
  if (amount > 99_999_999) {
    throw invalid(`Amount must be no more than ${formatAmount(99_999_999, currency)}`, "amount", "amount_too_large");
  }
}

function readEmail(params) {
  const value = readString(params, "receipt_email", { max: 800 });
  if (value === undefined || value === "") return value === "" ? null : undefined;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw invalid(`Invalid email address: ${value}`, "receipt_email", "email_invalid");
  }
  return value;
}

function readExpand(params) {
  return readStringArray(params, "expand") ?? [];
}

// ---------------------------------------------------------------------------------------------
// The sandbox.

/** Card parameters of payment_method_data[card] and POST /v1/payment_methods. */
const CARD_SCHEMA = { number: true, exp_month: true, exp_year: true, cvc: true };
const BILLING_SCHEMA = {
  name: true,
  email: true,
  phone: true,
  address: { line1: true, line2: true, city: true, state: true, postal_code: true, country: true },
};
const PAYMENT_METHOD_SCHEMA = { type: true, card: CARD_SCHEMA, billing_details: BILLING_SCHEMA, metadata: "map" };

const SCHEMAS = {
  createIntent: {
    amount: true,
    currency: true,
    metadata: "map",
    description: true,
    receipt_email: true,
    automatic_payment_methods: { enabled: true, allow_redirects: true },
    payment_method_types: true,
    payment_method: true,
    payment_method_data: PAYMENT_METHOD_SCHEMA,
    confirm: true,
    return_url: true,
    statement_descriptor: true,
    statement_descriptor_suffix: true,
    capture_method: true,
    expand: true,
  },
  updateIntent: {
    amount: true,
    currency: true,
    metadata: "map",
    description: true,
    receipt_email: true,
    payment_method: true,
    expand: true,
  },
  confirm: {
    payment_method: true,
    payment_method_data: PAYMENT_METHOD_SCHEMA,
    receipt_email: true,
    return_url: true,
    client_secret: true,
    expand: true,
  },
  cancel: { cancellation_reason: true, expand: true },
  retrieve: { client_secret: true, expand: true },
  refund: { payment_intent: true, charge: true, amount: true, reason: true, metadata: "map", expand: true },
  webhookEndpoint: { url: true, enabled_events: true, description: true, metadata: "map", api_version: true },
  listEvents: { limit: true, type: true },
  none: { expand: true },
};

function emptyState() {
  return {
    paymentIntents: {},
    paymentMethods: {},
    charges: {},
    refunds: {},
    webhookEndpoints: {},
    events: [],
    idempotency: {},
    // What a payment method does when charged: the card number itself is never kept.
    cardOutcomes: {},
  };
}

/**
 * @param {{
 *   port?: number, host?: string,
 *   webhooks?: Array<{ url: string, secret?: string, enabledEvents?: string[] }>,
 *   dataFile?: string,
 *   log?: (message: string) => void,
 *   retry?: { attempts?: number, initialDelayMs?: number },
 *   deliveryTimeoutMs?: number,
 * }} [options]
 */
export async function startPaymentSandbox(options = {}) {
  const {
    port = DEFAULT_PORT,
    host = "127.0.0.1",
    webhooks = [],
    dataFile,
    log = () => {},
    retry = {},
    deliveryTimeoutMs = 10_000,
  } = options;
  const attempts = Math.max(1, retry.attempts ?? 6);
  const initialDelayMs = retry.initialDelayMs ?? 250;

  const state = loadState(dataFile, log);
  const staticEndpoints = webhooks.map((hook, index) => ({
    id: `we_local_${index}`,
    url: hook.url,
    secret: hook.secret ?? `whsec_${randomId(32)}`,
    enabled_events: hook.enabledEvents ?? hook.enabled_events ?? ["*"],
    created: 0,
    status: "enabled",
  }));
  /** Live arrays: the caller reads them (tests, logs); both survive only in memory. */
  const events = state.events;
  const deliveries = [];
  const deliveryWaiters = new Set();
  /** Back-off timers and in-flight deliveries, so stop() ends them at once. */
  const timers = new Map();
  const inFlight = new Set();
  let stopped = false;

  function save() {
    if (!dataFile) return;
    const cutoff = nowSeconds() - IDEMPOTENCY_TTL_S;
    for (const [key, entry] of Object.entries(state.idempotency))
      if (entry.created < cutoff) delete state.idempotency[key];
    // A temporary file and a rename: a stop in the middle of a write never leaves half a file.
    mkdirSync(path.dirname(dataFile), { recursive: true });
    const tmp = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, ...state, events: events.slice(-MAX_EVENTS) }));
    renameSync(tmp, dataFile);
  }

  // --- objects -------------------------------------------------------------------------------

  function paymentMethodFromCard(card, billing, metadata) {
    const digits = card.number;
    const known = TEST_CARDS[digits];
    const pm = {
      id: newId("pm"),
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: billing?.email ?? null,
        name: billing?.name ?? null,
        phone: billing?.phone ?? null,
      },
      card: {
        brand: cardBrand(digits),
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvc ? "pass" : null },
        country: "US",
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        funding: known?.funding ?? "credit",
        last4: digits.slice(-4),
      },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: metadata ?? {},
      type: "card",
    };
    if (billing?.address && typeof billing.address === "object") {
      for (const key of Object.keys(pm.billing_details.address)) {
        if (typeof billing.address[key] === "string") pm.billing_details.address[key] = billing.address[key];
      }
    }
    state.paymentMethods[pm.id] = pm;
    state.cardOutcomes[pm.id] = known?.outcome ?? "live_card";
    return pm;
  }

  /**
   * Reads and checks raw card data as Stripe does before any charge: a wrong number, expiry or
   * CVC is a card_error (402) with the parameter that is wrong.
   */
  function readCard(data, prefix) {
    const params = data ?? {};
    if (typeof params !== "object" || Array.isArray(params)) throw invalid("Invalid object", prefix);
    const cardError = (code, message, param) =>
      new ApiError(402, {
        type: "card_error",
        code,
        message,
        param: `${prefix}[${param}]`,
        doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
      });
    const rawNumber = readString(params, "number", { required: true });
    const digits = (rawNumber ?? "").replace(/[\s-]/g, "");
    const expMonth = readString(params, "exp_month", { required: true });
    const expYear = readString(params, "exp_year", { required: true });
    const cvc = readString(params, "cvc");
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
      throw cardError("incorrect_number", "Your card number is incorrect.", "number");
    }
    const month = /^\d{1,2}$/.test(expMonth.trim()) ? Number(expMonth.trim()) : NaN;
    if (!(month >= 1 && month <= 12)) {
      throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
    }
    let year = /^\d{2}$|^\d{4}$/.test(expYear.trim()) ? Number(expYear.trim()) : NaN;
    if (year < 100) year += 2000;
    const today = new Date();
    const thisYear = today.getUTCFullYear();
    if (!(year >= thisYear && year <= thisYear + 50)) {
      throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "exp_year");
    }
    if (year === thisYear && month < today.getUTCMonth() + 1) {
      throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
    }
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw cardError("invalid_cvc", "Your card's security code is invalid.", "cvc");
    }
    return { number: digits, exp_month: month, exp_year: year, cvc };
  }

  /** Creates a card payment method from `type`, `card[...]`, `billing_details[...]` under `prefix`. */
  function createPaymentMethodFrom(data, prefix) {
    const name = (field) => (prefix ? `${prefix}[${field}]` : field);
    if (!data || typeof data !== "object" || Array.isArray(data)) throw invalid("Invalid object", prefix);
    const type = readString(data, "type", { required: true });
    if (type !== "card") {
      throw invalid(`The payment method type "${type}" is not supported by the local sandbox: use card.`, name("type"));
    }
    const card = readCard(data.card, name("card"));
    const billing = typeof data.billing_details === "object" ? data.billing_details : undefined;
    return paymentMethodFromCard(card, billing, readMetadata(data));
  }

  /** `pm_card_visa` and friends make a new payment method each time, as on Stripe. */
  function resolvePaymentMethod(id) {
    const testNumber = TEST_PAYMENT_METHODS[id];
    if (testNumber) {
      const year = new Date().getUTCFullYear() + 1;
      return paymentMethodFromCard({ number: testNumber, exp_month: 12, exp_year: year, cvc: "123" }, undefined);
    }
    const pm = state.paymentMethods[id];
    if (!pm) throw missing("PaymentMethod", id, "payment_method");
    return pm;
  }

  function intentView(pi, { publishable = false, expand = [] } = {}) {
    const view = clone(pi);
    if (expand.includes("latest_charge") && pi.latest_charge)
      view.latest_charge = clone(state.charges[pi.latest_charge]);
    if (expand.includes("payment_method") && pi.payment_method) {
      view.payment_method = clone(state.paymentMethods[pi.payment_method]);
    }
    if (!publishable) return view;
    return Object.fromEntries(PUBLISHABLE_PI_FIELDS.map((field) => [field, view[field] ?? null]));
  }

  function findIntent(id, param = "id") {
    const pi = typeof id === "string" ? state.paymentIntents[id] : undefined;
    if (!pi) throw missing("payment_intent", id, param);
    return pi;
  }

  // --- events and webhooks ---------------------------------------------------------------------

  function allEndpoints() {
    return [...staticEndpoints, ...Object.values(state.webhookEndpoints)];
  }

  function matches(endpoint, type) {
    return endpoint.status === "enabled" && endpoint.enabled_events.some((e) => e === "*" || e === type);
  }

  /** Records an event; its deliveries start once the API call has been answered (ctx.after). */
  function emit(ctx, type, object) {
    const targets = allEndpoints().filter((endpoint) => matches(endpoint, type));
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: clone(object) },
      livemode: false,
      pending_webhooks: targets.length,
      request: { id: ctx?.requestId ?? null, idempotency_key: ctx?.idempotencyKey ?? null },
      type,
    };
    events.push(event);
    if (events.length > MAX_EVENTS * 2) events.splice(0, events.length - MAX_EVENTS);
    const start = () => {
      for (const endpoint of targets) void deliver(event, endpoint);
    };
    if (ctx) ctx.after.push(start);
    else start();
    return event;
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
    for (const waiter of deliveryWaiters) waiter(delivery);
  }

  /** Like Stripe: signed with the endpoint's secret, signed again on each retry, retried with back-off. */
  async function deliver(event, endpoint) {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (stopped || !allEndpoints().includes(endpoint)) return;
      const payload = JSON.stringify(event, null, 2);
      const timestamp = nowSeconds();
      const signature = createHmac("sha256", endpoint.secret).update(`${timestamp}.${payload}`).digest("hex");
      let status = null;
      let error;
      const controller = new AbortController();
      const timeout = setTimeout(() => controller.abort(new Error("timed out")), deliveryTimeoutMs);
      inFlight.add(controller);
      try {
        const response = await fetch(endpoint.url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "stripe-signature": `t=${timestamp},v1=${signature}`,
          },
          body: payload,
          signal: controller.signal,
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch (caught) {
        if (stopped) return;
        error = caught instanceof Error ? (caught.cause?.message ?? caught.message) : String(caught);
      } finally {
        clearTimeout(timeout);
        inFlight.delete(controller);
      }
      const ok = status !== null && status >= 200 && status < 300;
      record({ eventId: event.id, type: event.type, url: endpoint.url, status, attempt, ok, ...(error && { error }) });
      if (ok) {
        event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
        return;
      }
      if (attempt < attempts) await sleep(initialDelayMs * 2 ** (attempt - 1));
    }
  }

  function waitForDelivery(predicate, timeoutMs = 10_000) {
    const found = deliveries.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = (delivery) => {
        if (!predicate(delivery)) return;
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

  // --- payments --------------------------------------------------------------------------------

  function newCharge(pi, pm, outcome) {
    const decline = outcome === "success" ? undefined : DECLINES[outcome];
    const charge = {
      id: newId("ch"),
      object: "charge",
      amount: pi.amount,
      amount_captured: decline ? 0 : pi.amount,
      amount_refunded: 0,
      balance_transaction: decline ? null : newId("txn"),
      billing_details: clone(pm.billing_details),
      captured: !decline,
      created: nowSeconds(),
      currency: pi.currency,
      customer: null,
      description: pi.description,
      disputed: false,
      failure_code: decline ? decline.code : null,
      failure_message: decline ? decline.message : null,
      livemode: false,
      metadata: clone(pi.metadata),
      outcome: decline
        ? {
            network_status: "declined_by_network",
            reason: decline.decline_code,
            risk_level: "normal",
            seller_message: "The bank did not return any further details with this decline.",
            type: "issuer_declined",
          }
        : {
            network_status: "approved_by_network",
            reason: null,
            risk_level: "normal",
            seller_message: "Payment complete.",
            type: "authorized",
          },
      paid: !decline,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: { type: "card", card: clone(pm.card) },
      receipt_email: pi.receipt_email,
      refunded: false,
      status: decline ? "failed" : "succeeded",
    };
    state.charges[charge.id] = charge;
    return charge;
  }

  /** A failed attempt: the PaymentIntent goes back to requires_payment_method and may be confirmed again. */
  function failPayment(ctx, pi, error, pm, charge) {
    const lastError = { ...error, ...(charge && { charge: charge.id }), ...(pm && { payment_method: clone(pm) }) };
    Object.assign(pi, {
      status: "requires_payment_method",
      last_payment_error: lastError,
      payment_method: null,
      ...(charge && { latest_charge: charge.id }),
    });
    if (charge) emit(ctx, "charge.failed", charge);
    emit(ctx, "payment_intent.payment_failed", pi);
    return new ApiError(402, {
      ...lastError,
      payment_intent: intentView(pi, { publishable: ctx.publishable }),
      request_log_url: null,
    });
  }

  function confirmIntent(ctx, pi, params) {
    if (pi.status === "succeeded") {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
      );
    }
    if (pi.status === "canceled") {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation, requires_action.",
      );
    }
    const receiptEmail = readEmail(params);
    if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
    let pm;
    if (params.payment_method_data !== undefined) {
      try {
        pm = createPaymentMethodFrom(params.payment_method_data, "payment_method_data");
      } catch (error) {
        // Bad card data fails the attempt like a decline does (the PaymentIntent records it).
        if (error instanceof ApiError && error.status === 402) {
          throw failPayment(ctx, pi, error.error, undefined, undefined);
        }
        throw error;
      }
    } else if (params.payment_method !== undefined) {
      pm = resolvePaymentMethod(readString(params, "payment_method"));
    } else if (pi.payment_method) {
      pm = state.paymentMethods[pi.payment_method];
    }
    if (!pm) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      );
    }
    const outcome = state.cardOutcomes[pm.id] ?? "success";
    const charge = newCharge(pi, pm, outcome);
    if (outcome !== "success") {
      const decline = DECLINES[outcome];
      throw failPayment(
        ctx,
        pi,
        {
          type: "card_error",
          code: decline.code,
          decline_code: decline.decline_code,
          message: decline.message,
          doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, "-")}`,
        },
        pm,
        charge,
      );
    }
    Object.assign(pi, {
      status: "succeeded",
      amount_received: pi.amount,
      latest_charge: charge.id,
      payment_method: pm.id,
      last_payment_error: null,
    });
    emit(ctx, "charge.succeeded", charge);
    emit(ctx, "payment_intent.succeeded", pi);
  }

  // --- routes ----------------------------------------------------------------------------------

  function createIntent(ctx) {
    const { params } = ctx;
    const amount = readInteger(params, "amount", { required: true });
    const currency = readCurrency(params);
    checkAmount(amount, currency);
    const metadata = readMetadata(params);
    const description = readString(params, "description", { max: 1000 });
    const receiptEmail = readEmail(params);
    const types = readStringArray(params, "payment_method_types");
    const automatic = params.automatic_payment_methods;
    if (automatic !== undefined && (typeof automatic !== "object" || Array.isArray(automatic))) {
      throw invalid("Invalid object", "automatic_payment_methods");
    }
    const automaticEnabled = automatic ? readBoolean(automatic, "enabled") : undefined;
    const allowRedirects = automatic ? readEnum(automatic, "allow_redirects", ["always", "never"]) : undefined;
    if (automaticEnabled && types) {
      throw invalid(
        "You may only specify one of these parameters: automatic_payment_methods, payment_method_types.",
        "automatic_payment_methods",
      );
    }
    for (const [index, type] of (types ?? []).entries()) {
      if (type !== "card") {
        throw invalid(
          `The payment method type "${type}" is not supported by the local sandbox: use card.`,
          `payment_method_types[${index}]`,
        );
      }
    }
    const confirm = readBoolean(params, "confirm") ?? false;
    readString(params, "return_url");
    if (!["automatic", "automatic_async", undefined].includes(readString(params, "capture_method"))) {
      throw invalid(
        "The local sandbox captures automatically: capture_method manual is not supported.",
        "capture_method",
      );
    }
    const id = newId("pi");
    const pi = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      // Since API version 2023-08-16 automatic payment methods are on unless types are listed.
      automatic_payment_methods: types
        ? null
        : { enabled: true, ...(allowRedirects && { allow_redirects: allowRedirects }) },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "automatic",
      client_secret: `${id}_secret_${randomId(25)}`,
      confirmation_method: "automatic",
      created: nowSeconds(),
      currency,
      customer: null,
      description: description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      next_action: null,
      payment_method: null,
      payment_method_types: types ? [...new Set(types)] : ["card"],
      processing: null,
      receipt_email: receiptEmail ?? null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: readString(params, "statement_descriptor", { max: 22 }) ?? null,
      status: "requires_payment_method",
    };
    if (!confirm && params.payment_method !== undefined) {
      pi.payment_method = resolvePaymentMethod(readString(params, "payment_method")).id;
      pi.status = "requires_confirmation";
    } else if (!confirm && params.payment_method_data !== undefined) {
      pi.payment_method = createPaymentMethodFrom(params.payment_method_data, "payment_method_data").id;
      pi.status = "requires_confirmation";
    }
    state.paymentIntents[id] = pi;
    emit(ctx, "payment_intent.created", pi);
    if (confirm) confirmIntent(ctx, pi, params);
    return intentView(pi, { expand: readExpand(params) });
  }

  function retrieveIntent(ctx, id) {
    const pi = findIntent(id);
    if (ctx.publishable) checkClientSecret(ctx, pi);
    return intentView(pi, { publishable: ctx.publishable, expand: ctx.publishable ? [] : readExpand(ctx.params) });
  }

  function updateIntent(ctx, id) {
    const { params } = ctx;
    const pi = findIntent(id);
    const open = ["requires_payment_method", "requires_confirmation", "requires_action"].includes(pi.status);
    const changesPayment = ["amount", "currency", "payment_method"].some((name) => params[name] !== undefined);
    if (!open && changesPayment) {
      throw unexpectedState(
        `This PaymentIntent's amount, currency or payment_method could not be updated because it has a status of ${pi.status}. You may only update them on a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
      );
    }
    const currency = readCurrency(params, { required: false }) ?? pi.currency;
    const amount = readInteger(params, "amount") ?? pi.amount;
    checkAmount(amount, currency);
    const metadata = readMetadata(params, pi.metadata);
    const description = readString(params, "description", { max: 1000 });
    const receiptEmail = readEmail(params);
    if (params.payment_method !== undefined) {
      pi.payment_method = resolvePaymentMethod(readString(params, "payment_method")).id;
      pi.status = "requires_confirmation";
    }
    Object.assign(pi, { amount, currency, metadata });
    if (description !== undefined) pi.description = description === "" ? null : description;
    if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
    return intentView(pi, { expand: readExpand(params) });
  }

  function confirmRoute(ctx, id) {
    const pi = findIntent(id);
    if (ctx.publishable) checkClientSecret(ctx, pi);
    confirmIntent(ctx, pi, ctx.params);
    return intentView(pi, { publishable: ctx.publishable, expand: ctx.publishable ? [] : readExpand(ctx.params) });
  }

  function cancelIntent(ctx, id) {
    const pi = findIntent(id);
    const reason = readEnum(ctx.params, "cancellation_reason", CANCELLATION_REASONS);
    if (pi.status === "succeeded" || pi.status === "canceled") {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    Object.assign(pi, { status: "canceled", canceled_at: nowSeconds(), cancellation_reason: reason ?? null });
    emit(ctx, "payment_intent.canceled", pi);
    return intentView(pi, { expand: readExpand(ctx.params) });
  }

  function createPaymentMethodRoute(ctx) {
    const params = { ...ctx.params };
    delete params.key;
    return clone(createPaymentMethodFrom(params, ""));
  }

  function retrieveObject(collection, type) {
    return (_ctx, id) => {
      const object = state[collection][id];
      if (!object) throw missing(type, id);
      return clone(object);
    };
  }

  function createRefund(ctx) {
    const { params } = ctx;
    const piId = readString(params, "payment_intent");
    const chargeId = readString(params, "charge");
    if (!piId && !chargeId) {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        undefined,
        "parameter_missing",
      );
    }
    let charge;
    let pi;
    if (chargeId) {
      charge = state.charges[chargeId];
      if (!charge) throw missing("charge", chargeId, "charge");
      pi = state.paymentIntents[charge.payment_intent];
      if (piId && piId !== pi.id) throw invalid(`Charge ${chargeId} does not belong to ${piId}.`, "charge");
    } else {
      pi = findIntent(piId, "payment_intent");
      if (pi.status !== "succeeded") {
        throw new ApiError(400, {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
          param: "payment_intent",
        });
      }
      charge = state.charges[pi.latest_charge];
    }
    if (charge.status !== "succeeded") {
      throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, "charge");
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${charge.id} has already been refunded.`,
        doc_url: "https://stripe.com/docs/error-codes/charge-already-refunded",
      });
    }
    const amount = readInteger(params, "amount") ?? remaining;
    if (amount < 1) throw invalid("This value must be greater than or equal to 1.", "amount");
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
        "amount",
      );
    }
    const reason = readEnum(params, "reason", REFUND_REASONS);
    const refund = {
      id: newId("re"),
      object: "refund",
      amount,
      balance_transaction: newId("txn"),
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      destination_details: { type: "card", card: { type: "refund", reference_status: "pending" } },
      metadata: readMetadata(params),
      payment_intent: pi.id,
      reason: reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    state.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    emit(ctx, "refund.created", refund);
    emit(ctx, "charge.refunded", charge);
    return clone(refund);
  }

  function endpointView(endpoint, { withSecret = false } = {}) {
    const { secret, ...rest } = endpoint;
    return withSecret ? { ...rest, secret } : rest;
  }

  function createWebhookEndpoint(ctx) {
    const { params } = ctx;
    const url = readString(params, "url", { required: true });
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !["http:", "https:"].includes(parsed.protocol))
      throw invalid(`Invalid URL: ${url}`, "url", "url_invalid");
    const enabled = readStringArray(params, "enabled_events");
    if (!enabled || enabled.length === 0 || enabled.some((event) => !/^(\*|[a-z_]+(\.[a-z_]+)+)$/.test(event))) {
      throw invalid(
        enabled
          ? "Invalid enabled_events: each must be an event type or *."
          : "Missing required param: enabled_events.",
        "enabled_events",
        enabled ? undefined : "parameter_missing",
      );
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
    // Stripe shows the signing secret only in the answer that creates the endpoint.
    return endpointView(endpoint, { withSecret: true });
  }

  function listWebhookEndpoints() {
    const data = Object.values(state.webhookEndpoints).map((endpoint) => endpointView(endpoint));
    return { object: "list", data: data.reverse(), has_more: false, url: "/v1/webhook_endpoints" };
  }

  function retrieveWebhookEndpoint(_ctx, id) {
    const endpoint = state.webhookEndpoints[id];
    if (!endpoint) throw missing("webhook_endpoint", id);
    return endpointView(endpoint);
  }

  function deleteWebhookEndpoint(_ctx, id) {
    if (!state.webhookEndpoints[id]) throw missing("webhook_endpoint", id);
    delete state.webhookEndpoints[id];
    return { id, object: "webhook_endpoint", deleted: true };
  }

  function retrieveEvent(_ctx, id) {
    const event = events.find((item) => item.id === id);
    if (!event) throw missing("event", id);
    return clone(event);
  }

  function listEvents(ctx) {
    const limit = readInteger(ctx.params, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("This value must be between 1 and 100.", "limit");
    const type = readString(ctx.params, "type");
    const wanted = type?.endsWith("*") ? (t) => t.startsWith(type.slice(0, -1)) : (t) => !type || t === type;
    const found = events.filter((event) => wanted(event.type)).reverse();
    return { object: "list", data: clone(found.slice(0, limit)), has_more: found.length > limit, url: "/v1/events" };
  }

  function checkClientSecret(ctx, pi) {
    const given = ctx.params.client_secret;
    if (typeof given !== "string" || given === "") {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "parameter_missing",
        message: "Missing required param: client_secret.",
        param: "client_secret",
      });
    }
    const a = Buffer.from(given);
    const b = Buffer.from(pi.client_secret);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_invalid_parameter",
        message: "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
        param: "client_secret",
      });
    }
  }

  /** [method, path pattern, handler, parameter schema, whether a publishable key may call it] */
  const ROUTES = [
    ["POST", /^\/v1\/payment_intents$/, createIntent, SCHEMAS.createIntent],
    ["GET", /^\/v1\/payment_intents\/([^/]+)$/, retrieveIntent, SCHEMAS.retrieve, true],
    ["POST", /^\/v1\/payment_intents\/([^/]+)$/, updateIntent, SCHEMAS.updateIntent],
    ["POST", /^\/v1\/payment_intents\/([^/]+)\/confirm$/, confirmRoute, SCHEMAS.confirm, true],
    ["POST", /^\/v1\/payment_intents\/([^/]+)\/cancel$/, cancelIntent, SCHEMAS.cancel],
    ["POST", /^\/v1\/payment_methods$/, createPaymentMethodRoute, PAYMENT_METHOD_SCHEMA, true],
    ["GET", /^\/v1\/payment_methods\/([^/]+)$/, retrieveObject("paymentMethods", "PaymentMethod"), SCHEMAS.none],
    ["GET", /^\/v1\/charges\/([^/]+)$/, retrieveObject("charges", "charge"), SCHEMAS.none],
    ["POST", /^\/v1\/refunds$/, createRefund, SCHEMAS.refund],
    ["GET", /^\/v1\/refunds\/([^/]+)$/, retrieveObject("refunds", "refund"), SCHEMAS.none],
    ["POST", /^\/v1\/webhook_endpoints$/, createWebhookEndpoint, SCHEMAS.webhookEndpoint],
    ["GET", /^\/v1\/webhook_endpoints$/, listWebhookEndpoints, SCHEMAS.none],
    ["GET", /^\/v1\/webhook_endpoints\/([^/]+)$/, retrieveWebhookEndpoint, SCHEMAS.none],
    ["DELETE", /^\/v1\/webhook_endpoints\/([^/]+)$/, deleteWebhookEndpoint, SCHEMAS.none],
    ["GET", /^\/v1\/events$/, listEvents, SCHEMAS.listEvents],
    ["GET", /^\/v1\/events\/([^/]+)$/, retrieveEvent, SCHEMAS.none],
  ];

  // --- HTTP ------------------------------------------------------------------------------------

  function send(res, status, body, headers = {}) {
    const text = JSON.stringify(body, null, 2);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      "cache-control": "no-cache, no-store",
      ...headers,
    });
    res.end(text);
  }

  function authenticate(req, params) {
    const header = req.headers.authorization;
    let key;
    if (header) {
      const [scheme, value = ""] = header.split(" ");
      if (/^bearer$/i.test(scheme)) key = value.trim();
      else if (/^basic$/i.test(scheme)) key = Buffer.from(value, "base64").toString().split(":")[0];
      else key = "";
    } else if (typeof params.key === "string") {
      key = params.key;
    }
    if (key === undefined) {
      throw new ApiError(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (/^sk_test_\w+$/.test(key)) return "secret";
    if (/^pk_test_\w+$/.test(key)) return "publishable";
    const shown =
      key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(Math.min(key.length - 12, 24))}${key.slice(-4)}` : key;
    throw new ApiError(401, {
      type: "invalid_request_error",
      message: `Invalid API Key provided: ${shown.replace(/[^\x20-\x7e]/g, "?")}`,
    });
  }

  function corsHeaders(req) {
    return {
      "access-control-allow-origin": req.headers.origin ?? "*",
      "access-control-allow-credentials": "false",
      "access-control-expose-headers": "Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed",
      vary: "Origin",
    };
  }

  /** Reads the whole body even when it is too large, so the caller gets the answer, not a reset. */
  async function readBody(req) {
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    }
    if (size > MAX_BODY_BYTES) {
      throw new ApiError(413, { type: "invalid_request_error", message: "Request body too large." });
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function canonical(value) {
    if (typeof value === "string") return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }

  async function handle(req, res) {
    const requestId = newId("req", 14);
    const cors = corsHeaders(req);
    const baseHeaders = {
      "request-id": requestId,
      "stripe-version": req.headers["stripe-version"] ?? API_VERSION,
      ...cors,
    };
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const pathname = url.pathname.replace(/\/+$/, "") || "/";

    if ((method === "GET" || method === "HEAD") && pathname.startsWith("/v3")) {
      const asset = browserAsset(pathname);
      if (asset) {
        log(`${method} ${pathname} 200`);
        res.writeHead(200, asset.headers);
        return res.end(method === "HEAD" ? undefined : asset.body);
      }
    }

    if (method === "OPTIONS") {
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
        "access-control-allow-headers":
          req.headers["access-control-request-headers"] ??
          "Authorization, Content-Type, Stripe-Version, Idempotency-Key, Stripe-Account",
        "access-control-max-age": "600",
      });
      return res.end();
    }

    /** One API call: who calls, with what, and the webhooks to start once it is answered. */
    const ctx = {
      requestId,
      idempotencyKey: null,
      fingerprint: undefined,
      publishable: false,
      params: {},
      after: [],
      changes: false,
    };
    let status = 200;
    let body;
    const headers = { ...baseHeaders };
    try {
      const text = await readBody(req);
      const contentType = String(req.headers["content-type"] ?? "");
      if (text && method !== "GET" && /json/i.test(contentType)) {
        throw invalid(
          "Invalid request: Stripe's v1 API (and this sandbox) takes application/x-www-form-urlencoded bodies, not JSON.",
        );
      }
      const query = parseForm(url.search.slice(1));
      const form = method === "GET" || method === "DELETE" ? {} : parseForm(text);
      ctx.params = { ...query, ...form };

      let route;
      let id;
      for (const candidate of ROUTES) {
        if (candidate[0] !== method) continue;
        const match = candidate[1].exec(pathname);
        if (match) {
          route = candidate;
          id = match[1] === undefined ? undefined : decode(match[1]);
          break;
        }
      }
      if (!route) {
        throw new ApiError(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
      }
      const [, , handler, schema, allowsPublishable] = route;
      const kind = authenticate(req, ctx.params);
      ctx.publishable = kind === "publishable";
      if (ctx.publishable && !allowsPublishable) {
        throw new ApiError(401, {
          type: "invalid_request_error",
          message:
            "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
        });
      }
      // Stripe.js adds its own fields (key, muid, payment_user_agent...): only server calls are strict.
      const params = { ...ctx.params };
      delete params.key;
      if (!ctx.publishable) rejectUnknown(params, schema);

      const idempotencyKey = method === "POST" ? req.headers["idempotency-key"] : undefined;
      if (typeof idempotencyKey === "string") {
        if (idempotencyKey.length === 0 || idempotencyKey.length > 255) {
          throw invalid(
            "Idempotency-Key must be between 1 and 255 characters long.",
            undefined,
            "idempotency_key_invalid",
          );
        }
        ctx.idempotencyKey = idempotencyKey;
        headers["idempotency-key"] = idempotencyKey;
        const fingerprint = canonical(params);
        const saved = state.idempotency[idempotencyKey];
        if (saved) {
          if (saved.path !== pathname || saved.method !== method) {
            throw new ApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.method} ${saved.path}' vs '${method} ${pathname}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          if (saved.fingerprint !== fingerprint) {
            throw new ApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          log(`${method} ${pathname} ${saved.status} (idempotent replay)`);
          return send(res, saved.status, saved.body, {
            ...headers,
            "request-id": saved.requestId,
            "idempotent-replayed": "true",
          });
        }
        ctx.fingerprint = fingerprint;
      }

      ctx.changes = method !== "GET";
      body = handler(ctx, id);
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status;
        body = { error: error.error };
        // Stripe saves the result of a request that started executing (a decline too), not a refusal
        // of its parameters.
        if (!error.saved) ctx.fingerprint = undefined;
      } else {
        log(`internal error on ${method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`);
        status = 500;
        body = { error: { type: "api_error", message: "An unexpected error occurred in the payment sandbox." } };
        // The SDK retries a 500; a sandbox bug would only repeat itself.
        headers["stripe-should-retry"] = "false";
        ctx.fingerprint = undefined;
      }
    }
    if (ctx.fingerprint) {
      state.idempotency[ctx.idempotencyKey] = {
        method,
        path: pathname,
        fingerprint: ctx.fingerprint,
        status,
        body,
        requestId,
        created: nowSeconds(),
      };
    }
    if (ctx.changes) save();
    log(`${method} ${pathname} ${status} ${requestId}`);
    // Webhooks go out after the answer, as on Stripe: a handler may see the webhook before or after
    // the API call returns, never inside it.
    res.once("finish", () => {
      for (const start of ctx.after) start();
    });
    send(res, status, body, headers);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, 500, { error: { type: "api_error", message: "Internal error." } });
      else res.destroy();
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
      stopped = true;
      for (const controller of inFlight) controller.abort();
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
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
    events,
    deliveries,
    waitForDelivery,
    webhooks: staticEndpoints.map(({ url, secret }) => ({ url, secret })),
  };
}

/** State from the data file, or an empty one; a file that cannot be read is set aside, never lost. */
function loadState(dataFile, log) {
  const state = emptyState();
  if (!dataFile || !existsSync(dataFile)) return state;
  try {
    const saved = JSON.parse(readFileSync(dataFile, "utf8"));
    for (const key of Object.keys(state)) {
      if (saved[key] !== undefined && typeof saved[key] === typeof state[key]) state[key] = saved[key];
    }
    if (!Array.isArray(state.events)) state.events = [];
  } catch (error) {
    const aside = `${dataFile}.unreadable-${Date.now()}`;
    renameSync(dataFile, aside);
    log(`payment sandbox: ${dataFile} could not be read (${error.message}); moved to ${aside}, starting empty`);
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// CLI: `node tools/payment-sandbox.mjs`

/** Runs the sandbox alone, set up from PAYMENT_SANDBOX_* variables, until SIGINT or SIGTERM. */
export async function runFromCommandLine() {
  const env = process.env;
  const webhookUrl = env.PAYMENT_SANDBOX_WEBHOOK_URL;
  const sandbox = await startPaymentSandbox({
    port: Number(env.PAYMENT_SANDBOX_PORT ?? DEFAULT_PORT),
    host: env.PAYMENT_SANDBOX_HOST ?? "127.0.0.1",
    webhooks: webhookUrl
      ? [{ url: webhookUrl, secret: env.PAYMENT_SANDBOX_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET }]
      : [],
    dataFile: env.PAYMENT_SANDBOX_DATA_FILE,
    log: (message) => console.log(`[payment-sandbox] ${message}`),
  });
  console.log(`[payment-sandbox] listening on ${sandbox.url} (secret key sk_test_..., publishable key pk_test_...)`);
  for (const hook of sandbox.webhooks)
    console.log(`[payment-sandbox] webhooks -> ${hook.url} signed with ${hook.secret}`);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      void sandbox.stop().then(() => process.exit(0));
    });
  }
}
