// Types of tools/payment-sandbox.mjs for the TypeScript test suites and setups that use it.
export declare const LOCAL_SECRET_KEY: string;
export declare const LOCAL_PUBLISHABLE_KEY: string;
export declare const LOCAL_WEBHOOK_SECRET: string;
export declare const DEFAULT_PORT: number;
export declare const API_VERSION: string;

export interface SandboxWebhook {
  url: string;
  /** Signing secret (`whsec_...`); a random one when left out (see PaymentSandbox.webhooks). */
  secret?: string;
  /** Event types to send; `*` (the default) sends all. */
  enabledEvents?: string[];
}

export interface SandboxEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: { object: Record<string, unknown> & { id: string; object: string } };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

/** One attempt to deliver an event to one endpoint. */
export interface SandboxDelivery {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's HTTP status; null when it could not be reached (see `error`). */
  status: number | null;
  attempt: number;
  ok: boolean;
  error?: string;
}

export interface PaymentSandboxOptions {
  /** 12111 by default; 0 picks a free port. */
  port?: number;
  host?: string;
  webhooks?: SandboxWebhook[];
  /** JSON file the state is loaded from at start and written to after each change. */
  dataFile?: string;
  log?: (message: string) => void;
  /** Webhook retries: `attempts` in all (6), the first wait `initialDelayMs` (250), doubling. */
  retry?: { attempts?: number; initialDelayMs?: number };
  /** How long one delivery attempt may take (10 s). */
  deliveryTimeoutMs?: number;
}

export interface PaymentSandbox {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Every event, oldest first (those loaded from `dataFile` too). */
  events: SandboxEvent[];
  /** Every delivery attempt since the start, oldest first. */
  deliveries: SandboxDelivery[];
  /** Resolves with the first delivery (past or coming) the predicate accepts; rejects after timeoutMs (10 s). */
  waitForDelivery(predicate: (delivery: SandboxDelivery) => boolean, timeoutMs?: number): Promise<SandboxDelivery>;
  /** The static endpoints with their signing secrets. */
  webhooks: Array<{ url: string; secret: string }>;
}

export declare function startPaymentSandbox(options?: PaymentSandboxOptions): Promise<PaymentSandbox>;
export declare function parseForm(text: string): Record<string, unknown>;
