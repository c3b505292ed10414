import { eq } from "drizzle-orm";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db, Tx } from "../platform/database/client.js";
import { classes } from "../platform/database/schema.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import type { FastifyZodInstance } from "../platform/fastify.js";
import { idParam, toCents } from "../platform/wire.js";
import { refusals } from "../platform/contract.js";
import { assertImageAvailable } from "../images/index.js";
import { fillFromLine, type LineOptions } from "../waitlist/index.js";
import { assertEditedDayTimes, refusePastDates, sessionColumns } from "./camp-session.js";
import { classEdit, earlyProblems } from "./class-fields.js";
import { changeList, sameProposal, splitEdit, type ClassEdit, type Proposal } from "./class-changes.js";
import { addReview } from "./class-review-thread.js";
import { classToWire, findClass, selectClasses } from "./classes.js";
import { modified } from "./answers.js";
import type { PublicCache } from "./public-cache.js";

export type LockedClass = Awaited<ReturnType<typeof lockClassForEdit>>;

/**
 * The class with every column, locked as an UPDATE would lock it (decision 037): a checkout's or
 * payment's lines already written (a key-share lock on this row) do not wait for an edit, nor it
 * for them; a checkout holding a seat or a payment enrolling a student at this moment either comes
 * first and is counted, or waits for the edit.
 */
export async function lockClassForEdit(tx: Tx, id: string) {
  const [row] = await selectClasses(tx).where(eq(classes.id, id)).for("no key update", { of: classes });
  if (!row) throw notFound("There is no such class.");
  return row;
}

/** The class's fields as its staff read them: what a proposal is compared with. */
export const liveFields = (row: LockedClass) => classToWire(row, true);

/**
 * Writes an edit to a locked class, after the rules across its fields and its seats: the
 * early-bird price as it will be (the edit's fields over the row's), and never fewer seats than
 * are enrolled, held by checkouts or offered to its line. More seats go to its line first.
 */
export async function applyEdit(tx: Tx, row: LockedClass, edit: Partial<ClassEdit>, line: LineOptions) {
  if (Object.keys(edit).length === 0) return;
  assertEditedDayTimes(row, edit);
  const earlyCents =
    edit.early_price === undefined ? row.earlyPriceCents : edit.early_price === null ? null : toCents(edit.early_price);
  const earlyUntil =
    edit.early_price === null
      ? null
      : edit.early_price_until === undefined
        ? row.earlyPriceUntil
        : edit.early_price_until;
  const priceCents = edit.price === undefined ? row.priceCents : toCents(edit.price);
  const early = earlyProblems(priceCents, earlyCents, earlyUntil);
  if (Object.keys(early).length > 0) {
    throw badRequest("The early-bird price needs another look.", {
      ...early,
      ...(early.early_price && edit.price !== undefined && edit.early_price === undefined
        ? { price: "Higher than the early-bird price, or clear the early-bird price first." }
        : {}),
    });
  }
  const taken = row.enrolledSeats + row.heldSeats + row.offeredSeats;
  if (edit.available_seats !== undefined && edit.available_seats < row.enrolledSeats) {
    throw badRequest(`This class already has ${row.enrolledSeats} students enrolled.`, {
      available_seats: `At least ${row.enrolledSeats} (already enrolled).`,
    });
  }
  if (edit.available_seats !== undefined && edit.available_seats < taken) {
    if (row.offeredSeats > 0 && edit.available_seats >= row.enrolledSeats + row.heldSeats) {
      throw conflict(
        `${row.offeredSeats} seats of this class are offered to families on its waitlist until they answer. Try again once they have.`,
      );
    }
    throw conflict(
      `${row.heldSeats} seats of this class are held by students paying right now. Try again in a few minutes.`,
    );
  }
  await tx
    .update(classes)
    .set({
      ...(edit.class_name !== undefined && { name: edit.class_name }),
      ...(edit.image !== undefined && { image: edit.image }),
      ...(edit.available_seats !== undefined && { availableSeats: edit.available_seats }),
      ...(edit.price !== undefined && { priceCents: toCents(edit.price) }),
      ...((edit.early_price !== undefined || edit.early_price_until !== undefined) && {
        earlyPriceCents: earlyCents,
        earlyPriceUntil: earlyUntil,
      }),
      ...(edit.details !== undefined && { details: edit.details }),
      ...sessionColumns(edit),
      updatedAt: new Date(),
    })
    .where(eq(classes.id, row.id));
  if (edit.available_seats !== undefined) await fillFromLine(tx, [row.id], line);
}

/** The proposal a class holds, read back (the column is JSON the API itself wrote). */
export const heldProposal = (row: { proposedChanges: unknown }) => (row.proposedChanges as Proposal | null) ?? null;

const editAnswer = modified
  .extend({
    status: z.enum(["pending", "approved", "denied"]).meta({ description: "The class's status after the edit" }),
    proposed_fields: z.array(z.string()).meta({
      description:
        "Fields whose new values wait for an admin's review (decision 039); the class stays on the site as approved meanwhile. Empty when none",
    }),
  })
  .meta({ id: "ClassEdited" });

/**
 * PATCH /classes/:id. An admin's edit applies at once. Its instructor's edit of a class under review
 * applies at once too (a denied class goes back to review); of an approved class, the changes a
 * family chose it for are proposed to the admins and the rest applies at once (decision 039).
 */
export function classEditRoute(app: FastifyZodInstance, db: Db, cache: PublicCache, line: LineOptions): void {
  app.patch(
    "/classes/:id",
    {
      config: { access: { action: "update", entity: "class" } },
      schema: {
        tags: ["classes"],
        operationId: "updateClass",
        summary:
          "Edit a class (its instructor, or an admin); an instructor's change to what families chose an approved class for waits for an admin's review",
        params: idParam,
        body: classEdit.meta({ example: { available_seats: 20, price: 159, early_price: null } }),
        response: {
          200: editAnswer.describe("The class as edited (modifiedCount 1), and what waits for review"),
          ...refusals({
            404: "No such class",
            409: "Seats of the class are held by students paying or offered to its waitlist: fewer seats must wait",
          }),
        },
      },
    },
    async (request) => {
      const actor = await request.requireActor();
      const found = await findClass(db, request.params.id);
      requirePermission(actor, "update", "class", found.instructorId);
      const edit = request.body;
      refusePastDates(edit, found);
      await assertImageAvailable(db, edit.image, "image");
      const reviewer = actor.role === "admin";
      // Approved classes also count in the instructors list.
      return cache.write(["classes", "instructors"], async (tx) => {
        const row = await lockClassForEdit(tx, found.id);
        if (reviewer || row.status !== "approved") {
          await applyEdit(tx, row, edit, line);
          if (!reviewer && row.status === "denied") {
            await tx.update(classes).set({ status: "pending" }).where(eq(classes.id, row.id));
            await addReview(tx, { classId: row.id, authorId: actor.id, kind: "resubmitted" });
          }
          const status = !reviewer && row.status === "denied" ? "pending" : row.status;
          return { modifiedCount: 1, status, proposed_fields: Object.keys(heldProposal(row) ?? {}) };
        }
        const live = liveFields(row);
        const earlier = heldProposal(row);
        const { now, proposal } = splitEdit(edit, live, earlier);
        // The proposal must be one an admin can accept: its prices and its day's times against the class's.
        if (proposal) {
          checkProposedPrices(proposal, live);
          assertEditedDayTimes(row, { ...(proposal as Partial<ClassEdit>), ...now });
        }
        await applyEdit(tx, row, now, line);
        if (!sameProposal(proposal, earlier)) {
          await tx
            .update(classes)
            .set({ proposedChanges: proposal, proposedAt: proposal ? new Date() : null, updatedAt: new Date() })
            .where(eq(classes.id, row.id));
          await addReview(tx, {
            classId: row.id,
            authorId: actor.id,
            kind: "changes_proposed",
            changes: changeList(proposal ?? {}, live),
          });
        }
        return { modifiedCount: 1, status: row.status, proposed_fields: Object.keys(proposal ?? {}) };
      });
    },
  );
}

/** The early-bird rule over a proposal's prices with the live class's under them. */
function checkProposedPrices(proposal: Proposal, live: ReturnType<typeof liveFields>) {
  const pick = <K extends "price" | "early_price" | "early_price_until">(k: K) =>
    (k in proposal ? proposal[k] : live[k]) as (typeof live)[K];
  const early = pick("early_price");
  const problems = earlyProblems(
    toCents(pick("price")),
    early === null ? null : toCents(early),
    early === null ? null : pick("early_price_until"),
  );
  if (Object.keys(problems).length > 0) throw badRequest("The early-bird price needs another look.", problems);
}
