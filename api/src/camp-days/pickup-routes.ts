import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownCamper } from "../campers/index.js";
import { familyGuardians } from "../guardians/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import { noBody, refusals } from "../platform/contract.js";
import type { Db, Tx } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { conflict } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import {
  addPerson,
  currentSeason,
  familyCampers,
  guardianPin,
  keptPeople,
  personToWire,
  removePerson,
  renewPerson,
  setLeavesAlone,
} from "./pickup.js";
import { departureEdit, familyPickup, newPinAnswer, pickupPersonEdit } from "./wire.js";

async function pickupAnswer(db: Db | Tx, familyId: string): Promise<z.infer<typeof familyPickup>> {
  const season = currentSeason();
  const [people, kids, parents] = await Promise.all([
    keptPeople(db, familyId),
    familyCampers(db, familyId),
    familyGuardians(db, familyId),
  ]);
  return {
    season,
    guardians: parents.map((g) => {
      const own = people.find((p) => p.guardianPosition === g.position);
      return { position: g.position, name: g.name, relation: g.relation, pin: own ? personToWire(own, season) : null };
    }),
    campers: kids.map((k) => ({
      camper_id: k.id,
      name: k.name,
      may_leave_alone: k.mayLeaveAlone ?? false,
      people: people.filter((p) => p.camperId === k.id).map((p) => personToWire(p, season)),
    })),
  };
}

const positionParam = z.object({
  position: z.coerce
    .number({ error: "A guardian is 1 or 2." })
    .pipe(z.union([z.literal(1), z.literal(2)], { error: "A guardian is 1 or 2." })),
});

/**
 * A family's side of pick-up: who may collect each camper (each with a PIN shown once), the
 * guardians' own PINs, and whether a camper may leave alone. Every change holds the family's lock.
 */
export const pickupRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const asFamily = <T>(familyId: string, work: (tx: Tx) => Promise<T>): Promise<T> =>
      transaction(db, async (tx) => {
        await lockAccount(tx, familyId);
        return work(tx);
      });

    app.get(
      "/pickup",
      {
        config: { access: { action: "read", entity: "pickup" } },
        schema: {
          operationId: "getPickup",
          tags: ["camp days"],
          summary: "Who may collect each of the caller's campers, the guardians' PINs, and who may leave alone",
          response: { 200: familyPickup.describe("The family's pick-up people by camper, and its guardians' PINs") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "pickup", actor.id);
        return pickupAnswer(db, actor.id);
      },
    );

    app.post(
      "/pickup/people",
      {
        config: { access: { action: "create", entity: "pickup" } },
        schema: {
          operationId: "addPickupPerson",
          tags: ["camp days"],
          summary: "Allow a person to collect one of the caller's campers: answers their PIN, this once",
          body: pickupPersonEdit.meta({
            example: {
              camper_id: "7b7c1c1e-5d6f-4a57-9d7e-2f1c1a1b1c1d",
              name: "Rosa Parent",
              relation: "grandmother",
              phone: "+1 555 0111",
            },
          }),
          response: {
            201: newPinAnswer.describe("The person, allowed from now, and their PIN (shown this once)"),
            ...refusals({ 404: "No such camper in the family", 409: "The camper has the most people allowed" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "pickup", actor.id);
        const made = await asFamily(actor.id, async (tx) => {
          await ownCamper(tx, actor.id, request.body.camper_id);
          return addPerson(tx, actor.id, request.body);
        });
        return reply.code(201).send({ person: personToWire(made.row), pin: made.pin });
      },
    );

    app.post(
      "/pickup/guardians/:position/pin",
      {
        config: { access: { action: "create", entity: "pickup" } },
        schema: {
          operationId: "makeGuardianPin",
          tags: ["camp days"],
          summary:
            "A guardian's own pick-up PIN (any of the family's campers): a new one each time, answered this once",
          params: positionParam,
          response: {
            201: newPinAnswer.describe("The guardian's new PIN (shown this once): an earlier one stops working"),
            ...refusals({ 409: "The family has no such guardian" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "pickup", actor.id);
        const made = await asFamily(actor.id, async (tx) => {
          const guardian = (await familyGuardians(tx, actor.id)).find((g) => g.position === request.params.position);
          if (!guardian) throw conflict("Give this guardian's details under Parents and guardians first.");
          return guardianPin(tx, actor.id, guardian);
        });
        return reply.code(201).send({ person: personToWire(made.row), pin: made.pin });
      },
    );

    app.post(
      "/pickup/people/:id/renew",
      {
        config: { access: { action: "update", entity: "pickup" } },
        schema: {
          operationId: "renewPickupPerson",
          tags: ["camp days"],
          summary:
            "Confirm a pick-up person for this season with a new PIN (the old one stops working), answered this once",
          params: idParam,
          response: {
            200: newPinAnswer.describe("The person, confirmed for this season, and their new PIN (shown this once)"),
            ...refusals({ 404: "No such pick-up person in the family" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "pickup", actor.id);
        const made = await asFamily(actor.id, (tx) => renewPerson(tx, actor.id, request.params.id));
        return { person: personToWire(made.row), pin: made.pin };
      },
    );

    app.delete(
      "/pickup/people/:id",
      {
        config: { access: { action: "delete", entity: "pickup" } },
        schema: {
          operationId: "removePickupPerson",
          tags: ["camp days"],
          summary: "No longer allow a person to collect (their PIN stops working)",
          params: idParam,
          response: {
            204: noBody.describe("Removed: the person may no longer collect"),
            ...refusals({ 404: "No such pick-up person in the family" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "pickup", actor.id);
        await asFamily(actor.id, (tx) => removePerson(tx, actor.id, request.params.id));
        return reply.code(204).send();
      },
    );

    app.put(
      "/pickup/campers/:id",
      {
        config: { access: { action: "update", entity: "pickup" } },
        schema: {
          operationId: "setCamperDeparture",
          tags: ["camp days"],
          summary:
            "Whether one of the caller's campers may leave alone at the end of the day (checked out without a pick-up)",
          params: idParam,
          body: departureEdit,
          response: {
            200: familyPickup.describe("The family's pick-up people as now kept"),
            ...refusals({ 404: "No such camper in the family" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "pickup", actor.id);
        return asFamily(actor.id, async (tx) => {
          await ownCamper(tx, actor.id, request.params.id);
          await setLeavesAlone(tx, request.params.id, request.body.may_leave_alone);
          return pickupAnswer(tx, actor.id);
        });
      },
    );
  };
