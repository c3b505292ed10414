import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The instance a route plugin gets: route files that register part of a plugin's routes take it. */
export type FastifyZodInstance = Parameters<FastifyPluginAsyncZod>[0];
