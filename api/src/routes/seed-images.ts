import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/errors.js";

const ASSETS = path.resolve(import.meta.dirname, "../../assets/seed");

/** Whether `kind/file` (e.g. "classes/soccer.svg") is one of the seed artworks. */
export const seedImageExists = (key: string) => existsSync(path.join(ASSETS, key));

/** The seed data's artwork (classes and instructor portraits), shipped with the API. */
export const seedImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = new Map<string, Buffer>();
  app.get(
    "/images/seed/:kind/:file",
    {
      schema: {
        tags: ["images"],
        summary: "Artwork of the seed data",
        params: z.object({ kind: z.enum(["classes", "people"]), file: z.string().regex(/^[a-z-]+\.svg$/) }),
      },
    },
    async (request, reply) => {
      const key = `${request.params.kind}/${request.params.file}`;
      let body = files.get(key);
      if (!body) {
        body = await readFile(path.join(ASSETS, key)).catch(() => {
          throw notFound("There is no such image.");
        });
        files.set(key, body);
      }
      return reply.type("image/svg+xml").header("Cache-Control", "public, max-age=86400").send(body);
    },
  );
};
