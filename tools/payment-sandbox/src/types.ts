// The sandbox's public types: its options, the running sandbox, its events and webhook deliveries.

export type SandboxWebhook = {
  url: string;
  /** Signing secret (`whsec_...`); a random one when left out (see PaymentSandbox.webhooks). */
  secret?: string;
  /** Event types to send; `*` (the default) sends all. */
  enabledEvents?: string[];
};

export type SandboxEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: {
    object: Record<string, unknown> & { id: string; object: string };
    /** On an `*.updated` event: the changed fields' earlier values. */
    previous_attributes?: Record<string, unknown>;
  };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

/** One attempt to deliver an event to one endpoint. */
export type SandboxDelivery = {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's HTTP status; null when it could not be reached (see `error`). */
  status: number | null;
  attempt: number;
  ok: boolean;
  error?: string;
};

export type PaymentSandboxOptions = {
  /** 12111 by default; 0 picks a free port. */
  port?: number;
  host?: string;
  webhooks?: SandboxWebhook[];
  /**
   * The account's secret keys, the only ones answered ([LOCAL_SECRET_KEY] by default); any other
   * gets Stripe's 401 "Invalid API Key provided". Test-mode keys (sk_test_...) only.
   */
  secretKeys?: readonly string[];
  /** JSON file the state is loaded from at start and written to after each change. */
  dataFile?: string;
  log?: (message: string) => void;
  /** Webhook retries: `attempts` in all (6), the first wait `initialDelayMs` (250), doubling. */
  retry?: { attempts?: number; initialDelayMs?: number };
  /** How long one delivery attempt may take (10 s). */
  deliveryTimeoutMs?: number;
  /** How long a refund of a "pending" or "fails" test card keeps its first status (1000 ms by default). */
  refundSettleMs?: number;
  /**
   * At most this many API requests in any second (none by default); over it, Stripe's 429 rate_limit
   * error (the SDK's StripeRateLimitError). Stripe allows 25 a second in test mode.
   */
  requestsPerSecond?: number;
};

export type PaymentSandbox = {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Every event, oldest first (those loaded from `dataFile` too); trimmed to the latest in long runs. */
  events: SandboxEvent[];
  /**
   * Calls `listener` with each new event as it is recorded (benchmarks follow every intent this way,
   * however many events `events` keeps). Returns the function that stops it.
   */
  onEvent(listener: (event: SandboxEvent) => void): () => void;
  /** Every delivery attempt since the start, oldest first. */
  deliveries: SandboxDelivery[];
  /** Resolves with the first delivery (past or coming) the predicate accepts; rejects after timeoutMs (10 s). */
  waitForDelivery(predicate: (delivery: SandboxDelivery) => boolean, timeoutMs?: number): Promise<SandboxDelivery>;
  /** The static endpoints with their signing secrets. */
  webhooks: Array<{ url: string; secret: string }>;
  /** Sets the requests-per-second limit from now on (undefined: none), e.g. to show a client backing off. */
  setRequestsPerSecond(limit: number | undefined): void;
};
