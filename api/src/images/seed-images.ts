import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../platform/errors.js";
import { noBody, refusals } from "../platform/contract.js";
import { imageFile } from "./answers.js";

const ASSETS = path.resolve(import.meta.dirname, "../../assets/seed");

/** Whether `kind/file` (e.g. "classes/soccer.svg") is one of the seed artworks. */
export const seedImageExists = (key: string) => existsSync(path.join(ASSETS, key));

/**
 * The seed data's artwork (classes and instructor portraits), shipped with the API. An address
 * never changes its picture (a new picture gets a new file name; test/images.integration.test.ts holds every
 * file to its SHA-256 in assets/seed/checksums.json), so browsers may keep them for good, as the
 * content-addressed uploads.
 */
export const seedImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = new Map<string, { body: Buffer; etag: string }>();
  app.get(
    "/images/seed/:kind/:file",
    {
      schema: {
        operationId: "getSeedImage",
        tags: ["images"],
        summary: "Artwork of the seed data (cached for good: an address never changes its picture)",
        params: z.object({ kind: z.enum(["classes", "people"]), file: z.string().regex(/^[a-z-]+\.svg$/) }),
        response: {
          200: imageFile("The artwork", ["image/svg+xml"]),
          304: noBody.describe("The copy the client holds (If-None-Match) is this artwork"),
          ...refusals({ 404: "No such artwork" }),
        },
      },
    },
    async (request, reply) => {
      const key = `${request.params.kind}/${request.params.file}`;
      let file = files.get(key);
      if (!file) {
        const body = await readFile(path.join(ASSETS, key)).catch(() => {
          throw notFound("There is no such image.");
        });
        file = { body, etag: `"${createHash("sha256").update(body).digest("hex")}"` };
        files.set(key, file);
      }
      reply.header("Cache-Control", "public, max-age=31536000, immutable").header("ETag", file.etag);
      if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
      return reply.type("image/svg+xml").send(file.body);
    },
  );
};
