import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission, type Actor } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import type { OfficeLog } from "../platform/office-log.js";
import type { Sealer } from "../platform/sealing.js";
import { idParam } from "../platform/wire.js";
import {
  adminAid,
  adminAidApplication,
  adminAidApplicationWithStatement,
  aidApplication,
  aidSeason,
  applyBody,
  awardBody,
  changeBody,
  declineBody,
  familyAid,
  seasonBody,
  seasonParams,
  seasonQuery,
} from "./answers.js";
import * as store from "./store.js";

export interface AidDeps {
  db: Db;
  sealer: Sealer;
  /** The front desk's office log (given by the app: aid does not depend on the front desk). */
  officeLog: OfficeLog;
}

/**
 * Financial aid (decision 050): families apply per camper for the academy's newest season; admins
 * set the season's budget and per-camper cap, read each application (the read recorded) and award
 * or decline. An award is taken off the camper's seats at checkout by pricing's step 4.
 */
export const aidRoutes =
  ({ db, sealer, officeLog }: AidDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = async (request: { requireActor: () => Promise<Actor> }, action: "read" | "update") => {
      const actor = await request.requireActor();
      requirePermission(actor, action, "aid");
      return actor;
    };

    app.get(
      "/aid",
      {
        config: { access: { action: "read", entity: "aid" } },
        schema: {
          operationId: "readFamilyAid",
          tags: ["financial aid"],
          summary:
            "The season a family may apply for, its campers and its applications with what is left of each award",
          response: { 200: familyAid.describe("The family's financial aid") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "aid", actor.id);
        return store.familyAid(db, actor.id);
      },
    );

    app.post(
      "/aid/applications",
      {
        config: { access: { action: "create", entity: "aid" } },
        schema: {
          operationId: "applyForAid",
          tags: ["financial aid"],
          summary: "Apply for financial aid for one of the family's campers (the newest season, while it is open)",
          body: applyBody,
          response: {
            201: aidApplication.describe("The application, pending"),
            ...refusals({
              404: "No such camper in the caller's family",
              409: "Applications are closed, or this camper already applied this season",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "aid", actor.id);
        return reply.status(201).send(await store.apply(db, sealer, actor.id, request.body));
      },
    );

    app.get(
      "/admin/aid",
      {
        config: { access: { action: "read", entity: "aid", any: true } },
        schema: {
          operationId: "readAid",
          tags: ["financial aid"],
          summary: "Every season's budget and use, and one season's applications (the newest unless asked; admins)",
          querystring: seasonQuery,
          response: { 200: adminAid.describe("The seasons and applications"), ...refusals({ 404: "No such season" }) },
        },
      },
      async (request) => {
        await admin(request, "read");
        return store.adminAid(db, request.query.season);
      },
    );

    app.put(
      "/admin/aid/seasons/:season",
      {
        config: { access: { action: "update", entity: "aid", any: true } },
        schema: {
          operationId: "saveAidSeason",
          tags: ["financial aid"],
          summary: "Set up or change a season: its budget, the most per camper, whether families may apply (admins)",
          params: seasonParams,
          body: seasonBody,
          response: {
            200: aidSeason.describe("The season"),
            ...refusals({ 409: "The budget would be less than what awards already promise" }),
          },
        },
      },
      async (request) => {
        await admin(request, "update");
        return store.saveSeason(db, request.params.season, request.body);
      },
    );

    app.get(
      "/admin/aid/applications/:id",
      {
        config: { access: { action: "read", entity: "aid", any: true } },
        schema: {
          operationId: "readAidApplication",
          tags: ["financial aid"],
          summary: "One application with the family's statement (the read is recorded; admins)",
          params: idParam,
          response: {
            200: adminAidApplicationWithStatement.describe("The application"),
            ...refusals({ 404: "No such application" }),
          },
        },
      },
      async (request) => {
        const actor = await admin(request, "read");
        return store.readApplication(db, sealer, actor, request.params.id);
      },
    );

    const decided = refusals({
      404: "No such application",
      409: "Already decided, or the season's budget has not that much left",
    });

    app.post(
      "/admin/aid/applications/:id/award",
      {
        config: { access: { action: "update", entity: "aid", any: true } },
        schema: {
          operationId: "awardAid",
          tags: ["financial aid"],
          summary: "Award an amount, or a percent of each seat up to an amount, from the season's budget (admins)",
          params: idParam,
          body: awardBody,
          response: { 200: adminAidApplication.describe("The application, awarded"), ...decided },
        },
      },
      async (request) => {
        const actor = await admin(request, "update");
        return store.award(db, { id: actor.id, name: actor.name }, request.params.id, request.body, officeLog);
      },
    );

    app.post(
      "/admin/aid/applications/:id/change",
      {
        config: { access: { action: "update", entity: "aid", any: true } },
        schema: {
          operationId: "changeAid",
          tags: ["financial aid"],
          summary:
            "Change an award: more from the season's budget, or less down to what it already pays for, which withdraws the rest (admins)",
          params: idParam,
          body: changeBody,
          response: {
            200: adminAidApplication.describe("The application, its award changed"),
            ...refusals({
              400: "Above the season's most per camper, or a field out of range",
              404: "No such application",
              409: "Not awarded, below what it already pays for, or the season's budget has not that much left",
            }),
          },
        },
      },
      async (request) => {
        const actor = await admin(request, "update");
        return store.changeAward(db, { id: actor.id, name: actor.name }, request.params.id, request.body, officeLog);
      },
    );

    app.post(
      "/admin/aid/applications/:id/decline",
      {
        config: { access: { action: "update", entity: "aid", any: true } },
        schema: {
          operationId: "declineAid",
          tags: ["financial aid"],
          summary: "Decline an application, with a note for the family (admins)",
          params: idParam,
          body: declineBody,
          response: { 200: adminAidApplication.describe("The application, declined"), ...decided },
        },
      },
      async (request) => {
        const actor = await admin(request, "update");
        return store.decline(db, { id: actor.id, name: actor.name }, request.params.id, request.body.note, officeLog);
      },
    );
  };
