import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Headers of the probe's response that are not helmet's. */
const NOT_HELMET = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);

/** The headers @fastify/helmet sets with these options, asked of helmet itself once. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get("/", () => "");
  const res = await probe.inject({ method: "GET", url: "/" });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMET.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * helmet's security headers on every response. Without a content security policy (the API serves
 * JSON and its docs page) they are the same for every request, so they are computed once by
 * helmet and then set as they are: helmet running per request cost more than a third of the CPU
 * time of a cached public list.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: FastifyHelmetOptions) => {
  const headers = await helmetHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
