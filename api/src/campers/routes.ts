import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNull, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { academyToday } from "../platform/academy-day.js";
import { now as clockNow } from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import {
  campers,
  cartItems,
  classes,
  enrollments,
  orderItems,
  orders,
  users,
  waitlistCampers,
  waitlistEntries,
} from "../platform/database/schema.js";
import { refusals } from "../platform/contract.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import type { Sealer } from "../platform/sealing.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { camper, camperAdded, camperChanged, camperEligibility, camperRemoved, type WaitlistPlace } from "./answers.js";
import { birthDateProblem } from "./birth-date-change.js";
import { classSchedule, eligibilityProblem } from "./eligibility.js";
import { camperEdit, childBirthDate, MESSAGES, newCamper, NO_DETAILS } from "./fields.js";
import { camperToWire, familyCampers, openDetails, ownCamper, sealDetails, selfCamper } from "./store.js";

export interface CamperDeps {
  db: Db;
  sealer: Sealer;
}

/**
 * What reads everything about a family (the admin's family view, the family's download): the
 * family's waitlist places come from the waitlist, which itself asks the campers who may wait.
 */
export interface FamilyDataDeps extends CamperDeps {
  waitlistOf: (db: Db, familyId: string) => Promise<WaitlistPlace[]>;
}

/**
 * Adds a child to a family (the family's own page, or the front desk for it): at most 20 campers,
 * counted under the family's lock; the details sealed bound to the new id (decision 030).
 */
export async function addCamper({ db, sealer }: CamperDeps, familyId: string, body: z.output<typeof newCamper>) {
  // Counted and added under the lock: two adds at once cannot both see room for one more, and a
  // booking of the family (which holds the same lock) sees the child or not, never half of it.
  return transaction(db, async (tx) => {
    await lockAccount(tx, familyId);
    if ((await familyCampers(tx, familyId)).length >= 20) throw conflict("A family can keep at most 20 campers.");
    const id = randomUUID();
    const [row] = await tx
      .insert(campers)
      .values({
        id,
        familyId,
        firstName: body.first_name,
        lastName: body.last_name,
        dateOfBirth: body.date_of_birth,
        photoConsent: body.photo_consent,
        sealedDetails: sealDetails(sealer, { id, familyId }, body),
      })
      .returning();
    return row!;
  });
}

async function holderName(db: Db, familyId: string): Promise<string> {
  const [holder] = await db.select({ name: users.name }).from(users).where(eq(users.id, familyId));
  return holder?.name ?? "";
}

/** A family's campers: kept under the account, each booked seat names one of them. */
export const camperRoutes =
  ({ db, sealer }: CamperDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/campers",
      {
        config: { access: { action: "read", entity: "camper" } },
        schema: {
          operationId: "listCampers",
          tags: ["campers"],
          summary: 'The caller\'s campers: "Myself" (the account holder) first, then the children they added',
          response: {
            200: z.array(camper).describe('The family\'s campers, "Myself" first'),
            ...refusals({ 404: ACCOUNT_GONE }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "camper", actor.id);
        await selfCamper(db, actor.id);
        const rows = await familyCampers(db, actor.id);
        return rows.map((row) => camperToWire(row, openDetails(sealer, row), actor.name));
      },
    );

    app.post(
      "/campers",
      {
        config: { access: { action: "create", entity: "camper" } },
        schema: {
          operationId: "addCamper",
          tags: ["campers"],
          summary: "Add a child to the caller's family",
          body: newCamper.meta({ example: NEW_CAMPER_EXAMPLE }),
          response: {
            201: camperAdded.describe("The camper was added"),
            ...refusals({ 409: "The family already keeps 20 campers" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "camper", actor.id);
        const row = await addCamper({ db, sealer }, actor.id, request.body);
        return reply
          .status(201)
          .send({ insertedId: row.id, camper: camperToWire(row, openDetails(sealer, row), actor.name) });
      },
    );

    app.patch(
      "/campers/:id",
      {
        config: { access: { action: "update", entity: "camper" } },
        schema: {
          operationId: "updateCamper",
          tags: ["campers"],
          summary: "Change one of the caller's campers",
          params: idParam,
          body: camperEdit.meta({ example: { allergies: "Peanuts", photo_consent: true } }),
          response: {
            200: camperChanged.describe("The camper as changed"),
            ...refusals({
              404: "There is no such camper in the caller's family",
              409: 'Refused: "Myself"\'s name (changed in Settings), a date of birth that would make a booked seat ineligible, or a few details changed while the sealed details could not be read (all five must be entered again)',
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "camper", actor.id);
        const body = request.body;
        const updated = await transaction(db, async (tx) => {
          await lockAccount(tx, actor.id);
          const row = await ownCamper(tx, actor.id, request.params.id, true);
          if (row.isSelf && (body.first_name !== undefined || body.last_name !== undefined)) {
            throw conflict("Your own name is changed in Settings, not here.");
          }
          if (body.date_of_birth !== undefined && !row.isSelf && !childBirthDate(body.date_of_birth)) {
            throw badRequest("Some fields are invalid.", { date_of_birth: MESSAGES.too_old });
          }
          if (body.date_of_birth !== undefined && body.date_of_birth !== row.dateOfBirth) {
            const problem = await birthDateProblem(tx, row, body.date_of_birth);
            if (problem) throw conflict(problem);
          }
          const current = openDetails(sealer, row);
          const changed = pick(body);
          if (current.details_unreadable && Object.keys(changed).length > 0 && Object.keys(changed).length < 5) {
            // Merging a few new fields into details that did not open would wipe the others unseen.
            throw conflict(UNREADABLE_EDIT);
          }
          const { details_unreadable: unreadable, ...opened } = current;
          // Details that did not open are kept as they are unless the family replaces all of them.
          const keep = unreadable && Object.keys(changed).length === 0;
          const details = { ...opened, ...changed };
          const [saved] = await tx
            .update(campers)
            .set({
              ...(body.first_name !== undefined && { firstName: body.first_name }),
              ...(body.last_name !== undefined && { lastName: body.last_name }),
              ...(body.date_of_birth !== undefined && { dateOfBirth: body.date_of_birth }),
              ...(body.photo_consent !== undefined && { photoConsent: body.photo_consent }),
              ...(!keep && { sealedDetails: sealDetails(sealer, row, details) }),
              updatedAt: clockNow(),
            })
            .where(eq(campers.id, row.id))
            .returning();
          return saved!;
        });
        return { modifiedCount: 1, camper: camperToWire(updated, openDetails(sealer, updated), actor.name) };
      },
    );

    app.delete(
      "/campers/:id",
      {
        config: { access: { action: "delete", entity: "camper" } },
        schema: {
          tags: ["campers"],
          operationId: "removeCamper",
          summary: "Remove a camper: refused (409) while they hold a seat in a class that has not ended",
          params: idParam,
          response: {
            200: camperRemoved.describe("The camper was removed (the name stays for the family's history)"),
            ...refusals({
              404: "There is no such camper in the caller's family",
              409: 'Refused: "Myself", or a camper with a seat in a class that has not ended, a checkout in progress or a place on a waitlist',
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "camper", actor.id);
        await transaction(db, async (tx) => {
          // Under the family's lock, as every booking of theirs takes it: a seat being paid for right
          // now is either counted here or its payment waits and then finds the camper gone.
          await lockAccount(tx, actor.id);
          const row = await ownCamper(tx, actor.id, request.params.id, true);
          if (row.isSelf) throw conflict('"Myself" stands for your own bookings and cannot be removed.');
          const today = academyToday();
          const [seat] = await tx
            .select({ name: classes.name })
            .from(enrollments)
            .innerJoin(classes, eq(classes.id, enrollments.classId))
            .where(and(eq(enrollments.camperId, row.id), or(isNull(classes.endDate), gte(classes.endDate, today))));
          if (seat) {
            throw conflict(
              `${row.firstName} is enrolled in "${seat.name}", which has not ended: they stay until it has (cancel the seat first).`,
            );
          }
          const [paying] = await tx
            .select({ id: orders.id })
            .from(orderItems)
            .innerJoin(orders, eq(orders.id, orderItems.orderId))
            .where(and(eq(orderItems.camperId, row.id), eq(orders.status, "pending")));
          if (paying) throw conflict(`A checkout for ${row.firstName} is in progress: finish or leave it first.`);
          // A place in a line counts seats for them (a group waits for enough for all): leave it first.
          const [waiting] = await tx
            .select({ name: classes.name })
            .from(waitlistCampers)
            .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistCampers.entryId))
            .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
            .where(
              and(
                eq(waitlistCampers.camperId, row.id),
                isNull(waitlistCampers.droppedReason),
                inArray(waitlistEntries.state, ["waiting", "offered"]),
              ),
            );
          if (waiting) {
            throw conflict(`${row.firstName} is on the waitlist of "${waiting.name}": leave it in My Waitlists first.`);
          }
          await tx.delete(cartItems).where(eq(cartItems.camperId, row.id));
          // The name stays for the family's history (past seats, payments); everything else goes.
          await tx
            .update(campers)
            .set({
              removedAt: clockNow(),
              sealedDetails: null,
              dateOfBirth: null,
              photoConsent: false,
              updatedAt: clockNow(),
            })
            .where(eq(campers.id, row.id));
        });
        return { deletedCount: 1 };
      },
    );

    app.get(
      "/classes/:id/eligibility",
      {
        config: { access: { action: "read", entity: "camper" } },
        schema: {
          tags: ["campers"],
          operationId: "listCamperEligibility",
          summary: "Which of the caller's campers may take a seat in this class, and why not where not",
          params: idParam,
          querystring: eligibilityQuery,
          response: {
            200: z
              .array(camperEligibility)
              .describe("Each of the family's campers, eligible or with the reason why not"),
            ...refusals({ 404: `There is no such class, or ${ACCOUNT_GONE.toLowerCase()}` }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "camper", actor.id);
        const cls = await classSchedule(db, request.params.id);
        if (!cls) throw notFound("There is no such class.");
        await selfCamper(db, actor.id);
        const rows = await familyCampers(db, actor.id);
        return Promise.all(
          rows.map(async (row) => {
            // Waiting asks what joining a line asks (waitlist/family.ts): a cart line is no reason.
            const withCart = request.query.purpose !== "waitlist";
            const reason = await eligibilityProblem(db, row, cls, { sealer, withCart });
            const wire = camperToWire(row, NO_DETAILS, actor.name);
            return { camperId: row.id, name: wire.name, is_self: row.isSelf, eligible: reason === null, reason };
          }),
        );
      },
    );
  };

const eligibilityQuery = z.object({
  purpose: z.enum(["booking", "waitlist"]).default("booking").meta({
    description:
      "booking (default): who may take a seat now, cart lines included; waitlist: who may join the class's waitlist",
  }),
});

/** `selfCamper` finds no account holder: the account was deleted while the request ran. */
const ACCOUNT_GONE = "The caller's account was deleted meanwhile";

const NEW_CAMPER_EXAMPLE = {
  first_name: "Mia",
  last_name: "Lopez",
  date_of_birth: "2016-04-12",
  allergies: "Peanuts",
  medical_notes: "",
  medications: "",
  emergency_contacts: [{ name: "Ana Lopez", relation: "mother", phone: "+1 555 010 2030" }],
  pickup_people: [{ name: "Luis Lopez", relation: "grandfather", phone: "+1 555 010 4050" }],
  photo_consent: true,
};

const UNREADABLE_EDIT =
  "This camper's medical and contact details could not be read. Enter all of them again (allergies, medical notes, medications, emergency contacts and pick-up people), or ask the academy.";

function pick(body: Record<string, unknown>) {
  const keys = ["allergies", "medical_notes", "medications", "emergency_contacts", "pickup_people"] as const;
  return Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

export { holderName };
