import Fastify, { type FastifyInstance } from "fastify";
import type { ApiConfig } from "./config.js";

export async function buildApp(config: ApiConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: config.production ? true : { level: process.env.LOG_LEVEL ?? "info" } });
  app.get("/health", async () => ({ status: "ok" }));
  return app;
}
