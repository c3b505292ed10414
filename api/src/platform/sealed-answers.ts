import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Sealer } from "./sealing.js";

/**
 * An answer that shows campers' sealed details (medical notes, allergies, contact people:
 * decision 030) is never kept by a browser or a proxy: it goes out with `Cache-Control: no-store`,
 * so a shared computer's cache does not hold a child's medical answers after the family or the
 * instructor has gone. Decided in one place and by what the request did, not by a list of routes:
 * the sealer the routes are given notes each value it opens for the request being answered, and
 * the answer of a request that opened any is marked. A new route that shows sealed data cannot
 * forget it; one that only checks them (whether a child has an emergency contact) is marked too,
 * which costs nothing.
 */
interface Answering {
  opened: boolean;
}

const answering = new AsyncLocalStorage<Answering>();

/** `sealer`, noting each value it opens in the request being answered (if any). */
export function notingOpens(sealer: Sealer): Sealer {
  const noteOpen = () => {
    const state = answering.getStore();
    if (state) state.opened = true;
  };
  return {
    seal: (plaintext, binding) => sealer.seal(plaintext, binding),
    open: (sealed, binding) => {
      noteOpen();
      return sealer.open(sealed, binding);
    },
    isStale: (sealed) => sealer.isStale(sealed),
    openUnbound: (sealed, binding) => {
      noteOpen();
      return sealer.openUnbound(sealed, binding);
    },
  };
}

export const noStoreForSealedAnswers = fp(
  async (app: FastifyInstance) => {
    const states = new WeakMap<FastifyRequest, Answering>();
    // Once the body has been read (its stream's callbacks run outside the request's context):
    // the later hooks, the handler and the answer all run within what `run` starts here.
    app.addHook("preValidation", (request, _reply, done) => {
      const state: Answering = { opened: false };
      states.set(request, state);
      answering.run(state, done);
    });
    app.addHook("onSend", (request, reply, payload, done) => {
      if (states.get(request)?.opened) void reply.header("cache-control", "no-store");
      done(null, payload);
    });
  },
  { name: "no-store-for-sealed-answers" },
);
