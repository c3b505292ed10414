import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../platform/database/client.js";
import { users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { openPage, pageWindow } from "../platform/paging.js";
import { idParam } from "../platform/wire.js";
import { loadApprovedClasses } from "./classes.js";
import { sendCached, type PublicCache } from "./public-cache.js";
import {
  asksForPage,
  instructorPageQuery,
  instructorsSelect,
  pageKey,
  PUBLIC_PAGE_SIZE,
  type InstructorRow,
} from "./public-lists.js";
import { noBody, refusals } from "../platform/contract.js";
import { instructorList, instructorWithClasses } from "./answers.js";

const userColumns = { id: users.id, name: users.name, email: users.email, photo: users.photo, role: users.role };

/** The public instructor list (cached like the class list) and one instructor's approved classes. */
export const instructorRoutes =
  (db: Db, cache: PublicCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/instructors",
      {
        schema: {
          operationId: "listInstructors",
          tags: ["instructors"],
          summary:
            "Instructors by name, public fields only, with the number of approved classes each teaches. With any parameter: one page, most classes first or by name",
          querystring: instructorPageQuery,
          response: {
            200: instructorList,
            304: noBody.describe("The copy the client holds (If-None-Match) is still the list"),
          },
        },
      },
      async (request, reply) => {
        const q = asksForPage(request) ? request.query : null;
        const entry = await cache.get(
          "instructors",
          async () => {
            const rows: InstructorRow[] = await instructorsSelect(db, q);
            const toWire = (u: InstructorRow) => ({
              _id: u.id,
              name: u.name,
              email: u.email,
              photo: u.photo ?? "",
              classCount: u.classCount,
            });
            return q ? openPage(rows, pageWindow(q, PUBLIC_PAGE_SIZE), toWire) : rows.map(toWire);
          },
          q ? pageKey(q, { page: 1, size: PUBLIC_PAGE_SIZE, sort: "popular" }) : "",
        );
        return sendCached(request, reply, entry);
      },
    );

    app.get(
      "/instructors/:id/classes",
      {
        schema: {
          operationId: "listInstructorClasses",
          tags: ["instructors"],
          summary: "An instructor's approved classes",
          params: idParam,
          response: {
            200: instructorWithClasses.describe("The instructor and their approved classes"),
            ...refusals({ 404: "No such instructor" }),
          },
        },
      },
      async (request) => {
        // One query and one answer whether the id is unknown or someone who is not an instructor:
        // a visitor must not learn which ids belong to students or admins.
        const [instructor] = await db
          .select(userColumns)
          .from(users)
          .where(and(eq(users.id, request.params.id), eq(users.role, "instructor")));
        if (!instructor) throw notFound("There is no such instructor.");
        return {
          instructor: {
            _id: instructor.id,
            name: instructor.name,
            email: instructor.email,
            photo: instructor.photo ?? "",
          },
          classes: await loadApprovedClasses(db, instructor.id),
        };
      },
    );
  };
