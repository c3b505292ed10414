// What every API handler works with: the sandbox's state, the way to record an event, and the call.
import type { Params } from "./form-body.js";
import type { EventObjects, EventType } from "./objects.js";
import type { State } from "./state.js";
import type { SandboxEvent } from "./types.js";

/** One API call: who calls, with what, and the webhooks to start once it is answered. */
export type RequestContext = {
  /** null for a change the sandbox makes by itself later (a refund settling), as Stripe's events say. */
  requestId: string | null;
  idempotencyKey: string | null;
  /** The parameters' canonical form when the answer is to be saved for idempotent replays. */
  fingerprint: string | undefined;
  /** Called with a publishable key (Stripe.js in the browser): fewer endpoints, fewer fields. */
  publishable: boolean;
  params: Params;
  after: Array<() => void>;
  /** Whether the state is written to the data file after the call. */
  changes: boolean;
};

export type SandboxCore = {
  state: State;
  /**
   * Records an event; its deliveries start once the API call has been answered (ctx.after).
   * `previous`: the changed fields' earlier values (an `*.updated` event's data.previous_attributes).
   */
  emit<T extends EventType>(
    ctx: RequestContext,
    type: T,
    object: EventObjects[T],
    previous?: Partial<EventObjects[T]>,
  ): SandboxEvent;
  /**
   * Makes a change `delayMs` from now, outside any API call (a refund that settles a moment after it
   * was made): its events go out and the state is saved as after a call.
   */
  later(delayMs: number, change: (ctx: RequestContext) => void): void;
  /** How long a refund stays in its first state when its card says it changes (test-cards.ts). */
  refundSettleMs: number;
};

/** An endpoint: `id` is the path's `{id}` part ("" for paths without one). Returns the JSON answer. */
export type RouteHandler = (core: SandboxCore, ctx: RequestContext, id: string) => unknown;
