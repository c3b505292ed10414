import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { transaction } from "../platform/transaction.js";
import { guardians } from "./answers.js";
import { guardiansEdit } from "./fields.js";
import { familyGuardians, guardiansAnswer, saveGuardians } from "./store.js";

const EXAMPLE = {
  first: {
    name: "Ana Parent",
    relation: "mother",
    phone: "+1 555 0100",
    address_line1: "12 Field Lane",
    city: "Springfield",
    region: "IL",
    postal_code: "62701",
  },
  second: null,
};

/** A family's parents or guardians: the account holder first, and at most one more. */
export const guardianRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/guardians",
      {
        config: { access: { action: "read", entity: "guardian" } },
        schema: {
          operationId: "listGuardians",
          tags: ["campers"],
          summary: "The caller's family's parents or guardians, and whether the first is complete (needed to book)",
          response: { 200: guardians.describe("The family's guardians, the account holder first") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "guardian", actor.id);
        return guardiansAnswer(await familyGuardians(db, actor.id));
      },
    );

    app.put(
      "/guardians",
      {
        config: { access: { action: "update", entity: "guardian" } },
        schema: {
          operationId: "saveGuardians",
          tags: ["campers"],
          summary: "Keep the caller's family's guardians: the account holder, and a second one or none",
          body: guardiansEdit.meta({ example: EXAMPLE }),
          response: { 200: guardians.describe("The guardians as kept") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "guardian", actor.id);
        return guardiansAnswer(
          await transaction(db, async (tx) => {
            // Two tabs saving at once keep one whole answer or the other, never half of each.
            await lockAccount(tx, actor.id);
            await saveGuardians(tx, actor.id, request.body);
            return familyGuardians(tx, actor.id);
          }),
        );
      },
    );
  };
