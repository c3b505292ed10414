import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The API's helmet settings. It answers JSON and images: nothing it sends may run, load or be
 * framed. Its docs page (/docs) sends swagger-ui's own policy (app.ts). Images are fetched by the site's pages on other origins: cross-origin resource policy.
 */
export const API_HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      imgSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: "cross-origin" },
} satisfies FastifyHelmetOptions;

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
 * helmet's security headers on every response. With a fixed policy (no per-request nonces) they
 * are the same for every request, so they are computed once by
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
