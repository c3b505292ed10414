import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientAddress } from "./rate-limits.js";

/**
 * The limit of requests one client address may have open at once (ADMISSION_MAX_PER_ADDRESS,
 * decision 035), counted from the moment its headers are read until its answer is sent or its
 * socket closes, bodies still arriving included. Admission control's places are the process's;
 * this keeps one client (24 connections sending a body a byte at a time, say) from holding the
 * process's sockets and body buffers while everyone else waits. The address is the one the rate
 * limits count under (TRUST_PROXY decides which X-Forwarded-For is believed). Past the limit: 429
 * in the API's error shape with Retry-After, and the connection closed after the answer, so a body
 * still on its way is not waited for.
 */
export interface PerAddressCounts {
  /** Requests open now (from their headers on). */
  open: number;
  /** Client addresses they come from. */
  addresses: number;
  /** Requests refused for their address's limit. */
  refusedPerAddress: number;
}

const inSeconds = (seconds: number) => `${seconds} second${seconds === 1 ? "" : "s"}`;

export const tooManyAtOnceMessage = (seconds: number) =>
  `Too many requests from your network at once. Please try again in ${inSeconds(seconds)}: nothing was changed.`;

/** Calls `release` once, whichever comes first: the answer sent, the client gone, or the socket closed. */
export function releaseOnce(reply: FastifyReply, release: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    release();
  };
  reply.raw.once("close", once);
  return once;
}

/** Adds the per-address limit's hooks to `app`; returns its counts. */
export function limitPerAddress(
  app: FastifyInstance,
  {
    maxPerAddress,
    retryAfterSeconds,
    exempt,
  }: {
    maxPerAddress: number;
    retryAfterSeconds: number;
    exempt: (request: FastifyRequest) => boolean;
  },
): () => PerAddressCounts {
  let open = 0;
  let refusedPerAddress = 0;
  /** Requests open per address (an address leaves the map with its last request). */
  const perAddress = new Map<string, number>();
  const counts = () => ({ open, addresses: perAddress.size, refusedPerAddress });
  if (maxPerAddress <= 0) return counts;

  const refusal = JSON.stringify({ error: "Too Many Requests", message: tooManyAtOnceMessage(retryAfterSeconds) });
  const releases = new WeakMap<FastifyRequest, () => void>();
  app.addHook("onRequest", async (request, reply) => {
    if (exempt(request)) return;
    const address = clientAddress(request);
    const count = perAddress.get(address) ?? 0;
    if (count >= maxPerAddress) {
      refusedPerAddress += 1;
      return reply
        .code(429)
        .header("Retry-After", String(retryAfterSeconds))
        .header("Connection", "close")
        .type("application/json; charset=utf-8")
        .send(refusal);
    }
    perAddress.set(address, count + 1);
    open += 1;
    releases.set(
      request,
      releaseOnce(reply, () => {
        open -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      }),
    );
  });
  const releaseOf = async (request: FastifyRequest) => releases.get(request)?.();
  app.addHook("onResponse", releaseOf);
  app.addHook("onRequestAbort", releaseOf);
  return counts;
}
