import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addOfficePayment, bookAtTheDesk, priceDeskSeats, type CheckoutDeps } from "../booking/index.js";
import { addCamper, newCamper } from "../campers/index.js";
import { familyGuardians, guardians, guardiansAnswer, guardiansEdit, saveGuardians } from "../guardians/index.js";
import { requirePermission, type Actor } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import { lockAccount } from "../platform/database/locks.js";
import { text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import { idParam, toDollars } from "../platform/wire.js";
import {
  deskBookingBody,
  deskCamper,
  deskFamily as deskFamilyWire,
  deskOrder,
  deskQuote,
  familySummary,
  newFamily,
  offlinePayment,
  officeLog,
  seatsBody,
} from "./answers.js";
import { createFamily, deskFamily, searchFamilies, type IdentityAccounts } from "./families.js";
import { logOffice, readOfficeLog } from "./log.js";
import { familyOrders } from "./orders.js";

/**
 * The front desk's routes (decision 047), admins only: find or make a family, keep its guardians
 * and campers, price and book seats for it, and record the money the office receives. Every
 * change writes a line of the office activity log in its own transaction.
 */

const money = (cents: number) => `$${toDollars(cents).toFixed(2)}`;
const access = (action: "create" | "read" | "update") => ({ access: { action, entity: "front-desk" } }) as const;

const FAMILY_REFUSALS = { 404: "There is no such family (or the account is staff's)" } as const;

export const frontDeskRoutes =
  (deps: CheckoutDeps & { identity: IdentityAccounts }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const admin = async (request: { requireActor: () => Promise<Actor> }, action: "create" | "read" | "update") => {
      const actor = await request.requireActor();
      requirePermission(actor, action, "front-desk");
      return actor;
    };
    /** The family's order as the desk shows it after a change. */
    const orderOf = async (familyId: string, orderId: string) =>
      (await familyOrders(db, familyId)).find((o) => o._id === orderId)!;

    app.get(
      "/admin/families",
      {
        config: access("read"),
        schema: {
          tags: ["front desk"],
          summary: "Find families by name, e-mail or a child's name (at most 20)",
          operationId: "findFamilies",
          querystring: z.object({
            q: text({ required: "Type a name, an e-mail or a child's name.", max: 120 }).refine(
              (q) => q.trim().length >= 2,
              {
                error: "Type at least 2 characters.",
              },
            ),
          }),
          response: { 200: z.object({ families: z.array(familySummary) }).describe("The families found, by name") },
        },
      },
      async (request) => {
        await admin(request, "read");
        return { families: await searchFamilies(db, request.query.q.trim()) };
      },
    );

    app.post(
      "/admin/families",
      {
        config: access("create"),
        schema: {
          tags: ["front desk"],
          summary: "Make a family's account at the front desk; the family is e-mailed a link to set its password",
          operationId: "createFamily",
          body: newFamily,
          response: {
            201: z.object({ family: deskFamilyWire }).describe("The family's account, made"),
            ...refusals({
              409: "An account with this e-mail exists already",
              502: "The sign-in service cannot be reached: nothing was saved",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await admin(request, "create");
        const id = await createFamily(db, deps.identity, actor, request.body);
        return reply.status(201).send({ family: await deskFamily(db, id) });
      },
    );

    app.get(
      "/admin/office-log",
      {
        config: access("read"),
        schema: {
          tags: ["front desk"],
          summary: "The office activity log: who did what for which family, newest first (at most 100 lines)",
          operationId: "getOfficeLog",
          querystring: z.object({
            familyId: z.uuid({ error: "Not a family." }).optional().meta({ description: "One family's lines only" }),
          }),
          response: { 200: officeLog.describe("The log's newest lines") },
        },
      },
      async (request) => {
        await admin(request, "read");
        return { actions: await readOfficeLog(db, request.query.familyId) };
      },
    );

    app.get(
      "/admin/families/:id",
      {
        config: access("read"),
        schema: {
          tags: ["front desk"],
          summary: "A family at the front desk: guardians, campers (no medical details) and bookings with their money",
          operationId: "getDeskFamily",
          params: idParam,
          response: { 200: deskFamilyWire.describe("The family"), ...refusals(FAMILY_REFUSALS) },
        },
      },
      async (request) => {
        await admin(request, "read");
        return deskFamily(db, request.params.id);
      },
    );

    app.put(
      "/admin/families/:id/guardians",
      {
        config: access("update"),
        schema: {
          tags: ["front desk"],
          summary: "Keep a family's guardians for it (the same fields and rules as the family's own page)",
          operationId: "saveDeskGuardians",
          params: idParam,
          body: guardiansEdit,
          response: { 200: guardians.describe("The guardians as kept"), ...refusals(FAMILY_REFUSALS) },
        },
      },
      async (request) => {
        const actor = await admin(request, "update");
        const familyId = (await deskFamily(db, request.params.id))._id;
        return guardiansAnswer(
          await transaction(db, async (tx) => {
            await lockAccount(tx, familyId);
            await saveGuardians(tx, familyId, request.body);
            await logOffice(
              tx,
              actor,
              familyId,
              "guardians-saved",
              `Kept the guardians (${request.body.first.name})`,
              {},
            );
            return familyGuardians(tx, familyId);
          }),
        );
      },
    );

    app.post(
      "/admin/families/:id/campers",
      {
        config: access("update"),
        schema: {
          tags: ["front desk"],
          summary: "Add a child to a family for it (the same fields and rules as the family's own page)",
          operationId: "addDeskCamper",
          params: idParam,
          body: newCamper,
          response: {
            201: z.object({ insertedId: z.string(), camper: deskCamper }).describe("The camper was added"),
            ...refusals({ ...FAMILY_REFUSALS, 409: "The family already keeps 20 campers" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await admin(request, "update");
        const familyId = (await deskFamily(db, request.params.id))._id;
        const row = await addCamper(deps, familyId, request.body);
        await transaction(db, (tx) =>
          logOffice(tx, actor, familyId, "camper-added", `Added ${row.firstName} ${row.lastName}`, {
            camperId: row.id,
          }),
        );
        const name = `${row.firstName} ${row.lastName}`;
        return reply.status(201).send({
          insertedId: row.id,
          camper: { _id: row.id, name, is_self: false, date_of_birth: row.dateOfBirth },
        });
      },
    );

    app.post(
      "/admin/families/:id/quote",
      {
        config: access("read"),
        schema: {
          tags: ["front desk"],
          summary: "Price seats for a family as its own checkout would today, checking every booking rule",
          operationId: "quoteDeskSeats",
          params: idParam,
          body: z.object({ seats: seatsBody }),
          response: {
            200: deskQuote.describe("Each seat priced, and the total"),
            ...refusals({
              ...FAMILY_REFUSALS,
              409: "A seat breaks a rule: age, overlap, already booked, not open yet, started, or the first guardian missing",
            }),
          },
        },
      },
      async (request) => {
        await admin(request, "read");
        const familyId = (await deskFamily(db, request.params.id))._id;
        const { selection, quote } = await transaction(db, (tx) =>
          priceDeskSeats(tx, familyId, request.body.seats, deps.sealer),
        );
        const names = new Map(selection.map((s) => [s.cartItemId, s.camperName]));
        return {
          lines: quote.lines.map((line) => ({
            classId: line.classId,
            camperId: line.camperId,
            className: line.className,
            camperName: names.get(line.key) ?? "",
            listPriceCents: line.listCents,
            priceCents: line.paidCents,
            discounts: line.discounts.map(({ name, cents }) => ({ name, cents })),
          })),
          totalCents: quote.totalCents,
        };
      },
    );

    app.post(
      "/admin/families/:id/bookings",
      {
        config: access("create"),
        schema: {
          tags: ["front desk"],
          summary: "Book seats for a family: paid now in cash, by cheque or transfer, in part, or later by a due day",
          operationId: "bookAtTheDesk",
          params: idParam,
          body: deskBookingBody,
          response: {
            201: z.object({ order: deskOrder }).describe("The booking, its seats enrolled"),
            ...refusals({
              ...FAMILY_REFUSALS,
              409: "A seat breaks a rule, a class is full, or families wait in a class's line (then `fields.aheadOfLineReason` asks for the office's reason)",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await admin(request, "create");
        const familyId = (await deskFamily(db, request.params.id))._id;
        const body = request.body;
        const payment = body.payment ? { ...body.payment, reference: body.payment.reference ?? null } : null;
        const { orderId } = await bookAtTheDesk(deps, {
          familyId,
          seats: body.seats,
          payment,
          dueDay: body.dueDay ?? null,
          aheadOfLineReason: body.aheadOfLineReason ?? null,
          admin: actor,
          onBooked: (tx, booked) =>
            logOffice(
              tx,
              actor,
              familyId,
              "booked",
              `Booked ${body.seats.length} seat${body.seats.length === 1 ? "" : "s"} for ${money(booked.totalCents)}${
                payment ? `, received ${money(payment.amountCents)} (${payment.method})` : ", to pay later"
              }${booked.aheadOfLine.length ? `, ahead of the line of ${booked.aheadOfLine.join(", ")}: ${body.aheadOfLineReason}` : ""}`,
              { orderId: booked.orderId, aheadOfLine: booked.aheadOfLine, reason: body.aheadOfLineReason ?? null },
            ),
        });
        return reply.status(201).send({ order: await orderOf(familyId, orderId) });
      },
    );

    app.post(
      "/admin/orders/:id/payments",
      {
        config: access("update"),
        schema: {
          tags: ["front desk"],
          summary: "Record money the office received for a front-desk booking: cash, a cheque or a transfer",
          operationId: "recordOfficePayment",
          params: idParam,
          body: offlinePayment,
          response: {
            201: z.object({ order: deskOrder }).describe("The booking with the payment"),
            ...refusals({
              404: "There is no such front-desk booking",
              409: "Nothing is owed, or the booking was cancelled",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await admin(request, "update");
        const body = request.body;
        const recorded = await addOfficePayment(
          db,
          request.params.id,
          { ...body, reference: body.reference ?? null },
          actor.id,
          (tx, { familyId, owedCents }) =>
            logOffice(
              tx,
              actor,
              familyId,
              "payment-recorded",
              `Received ${money(body.amountCents)} (${body.method}${body.reference ? ` ${body.reference}` : ""}); ${money(owedCents)} still owed`,
              { orderId: request.params.id },
            ),
        );
        return reply.status(201).send({ order: await orderOf(recorded.familyId, request.params.id) });
      },
    );
  };
