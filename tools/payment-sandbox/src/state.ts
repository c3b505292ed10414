// What the sandbox keeps, and its persistence: one JSON file, loaded at start and rewritten (through
// a temporary file and a rename) after each change, so a local run keeps its payments across restarts.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { nowSeconds } from "./ids.js";
import type {
  Charge,
  Customer,
  PaymentIntent,
  PaymentMethod,
  Refund,
  SetupIntent,
  WebhookEndpoint,
} from "./objects.js";
import type { Authentication, CardOutcome, RefundOutcome } from "./test-cards.js";
import type { SandboxEvent } from "./types.js";

/** Stripe keeps idempotent results for 24 hours. */
const IDEMPOTENCY_TTL_S = 24 * 60 * 60;
/** Enough history for GET /v1/events in a long local session, without an ever-growing file. */
export const MAX_EVENTS = 2000;

/** The answer to a request sent with an Idempotency-Key, replayed when the key comes again. */
export type SavedResult = {
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: unknown;
  requestId: string;
  created: number;
};

/** What a payment method's card asks beyond its charge outcome (test-cards.ts), kept only when it asks something. */
export type CardRules = { authentication?: Authentication; savable?: true };

/**
 * How a payment method has been used, as Stripe tracks it: "set_up" once authenticated for later
 * payments (a SetupIntent, or a payment with setup_future_usage); "spent" once it paid without being
 * saved, or was detached: Stripe never takes it again.
 */
export type PaymentMethodUse = "set_up" | "spent";

export type State = {
  customers: Record<string, Customer>;
  paymentIntents: Record<string, PaymentIntent>;
  setupIntents: Record<string, SetupIntent>;
  paymentMethods: Record<string, PaymentMethod>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  webhookEndpoints: Record<string, WebhookEndpoint>;
  /** Oldest first; the same array as PaymentSandbox.events. */
  events: SandboxEvent[];
  idempotency: Record<string, SavedResult>;
  /** What a payment method does when charged: the card number itself is never kept. */
  cardOutcomes: Record<string, CardOutcome>;
  /** What refunding a charge of a payment method does, when it is not to succeed at once. */
  refundOutcomes: Record<string, RefundOutcome>;
  cardRules: Record<string, CardRules>;
  paymentMethodUse: Record<string, PaymentMethodUse>;
};

export function emptyState(): State {
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
export function lookup<T>(record: Record<string, T>, key: string | null | undefined): T | undefined {
  return typeof key === "string" && Object.hasOwn(record, key) ? record[key] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** State from the data file, or an empty one; a file that cannot be read is set aside, never lost. */
export function loadState(dataFile: string | undefined, log: (message: string) => void): State {
  const state = emptyState();
  if (!dataFile || !existsSync(dataFile)) return state;
  try {
    const saved: unknown = JSON.parse(readFileSync(dataFile, "utf8"));
    if (!isRecord(saved)) throw new Error("not a JSON object");
    const loaded: Record<string, unknown> = {};
    for (const [key, empty] of Object.entries(state)) {
      if (saved[key] !== undefined && typeof saved[key] === typeof empty) loaded[key] = saved[key];
    }
    if (!Array.isArray(loaded.events)) delete loaded.events;
    // The file is the sandbox's own earlier state (saveState below): its objects have these shapes.
    return { ...state, ...(loaded as Partial<State>) };
  } catch (error) {
    const aside = `${dataFile}.unreadable-${Date.now()}`;
    renameSync(dataFile, aside);
    const reason = error instanceof Error ? error.message : String(error);
    log(`payment sandbox: ${dataFile} could not be read (${reason}); moved to ${aside}, starting empty`);
    return state;
  }
}

/** Writes the state, without idempotent results older than Stripe keeps them and old events. */
export function saveState(state: State, dataFile: string): void {
  const cutoff = nowSeconds() - IDEMPOTENCY_TTL_S;
  for (const [key, entry] of Object.entries(state.idempotency)) {
    if (entry.created < cutoff) delete state.idempotency[key];
  }
  // A temporary file and a rename: a stop in the middle of a write never leaves half a file.
  mkdirSync(path.dirname(dataFile), { recursive: true });
  const tmp = `${dataFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ version: 1, ...state, events: state.events.slice(-MAX_EVENTS) }));
  renameSync(tmp, dataFile);
}
