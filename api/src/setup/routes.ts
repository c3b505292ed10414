import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { academyBody, academyFacts, saveFacts } from "../academy/index.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { firstRunSetup, users } from "../platform/database/schema.js";
import { ApiError, conflict } from "../platform/errors.js";
import type { OfficeLog } from "../platform/office-log.js";
import { text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import { eq } from "drizzle-orm";
import { hasAdmin, setupToken, tokenMatches } from "./token.js";

export interface SetupDeps {
  db: Db;
  /** The key the setup's token is made with (the API's data key). */
  key: Buffer;
  watch: { needed(): Promise<boolean> };
  /** Firebase, as the front desk uses it: an account without a password, then a code to set one. */
  identity: { createAccount(email: string, name: string): Promise<string>; claimCode(email: string): Promise<string> };
  officeLog: OfficeLog;
}

const setupBody = z
  .object({
    token: z
      .string({ error: "Enter the setup token from the API's log." })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: "Copy the setup token from the API's log: letters, digits, - and _." }),
    academy: academyBody.pick({ name: true, legalName: true, addressLines: true, phone: true, email: true }).strict(),
    admin: z
      .object({
        name: text({ required: "Your name is required.", max: 80 }),
        email: z
          .email({ error: "Your e-mail must be an e-mail address." })
          .max(254)
          .transform((s) => s.toLowerCase()),
      })
      .strict(),
  })
  .strict();

const setupDone = z
  .object({
    email: z.string().meta({ description: "The first admin's e-mail, to sign in with" }),
    code: z.string().meta({ description: "A Firebase password-reset code: the browser sets the password with it" }),
  })
  .meta({ id: "SetupDone", description: "The first admin's account, ready for its password" });

/**
 * A new installation's first visit (decision 051): while the site has no admin, whoever holds the
 * setup token printed in the API's log names the academy and makes the first admin. The password
 * goes to Firebase alone, as the office's claim links do: the answer is a code to set it with.
 */
export const setupRoutes =
  ({ db, key, watch, identity, officeLog }: SetupDeps, siteUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    // A new installation (no admin yet) says in its log how to set it up.
    app.addHook("onReady", async () => {
      const token = await setupToken(db, key);
      if (token) {
        app.log.warn(
          `First-run setup: open ${siteUrl}/setup and enter the setup token ${token} ` +
            "to name the academy and make its first admin.",
        );
      }
    });

    app.get(
      "/setup",
      {
        schema: {
          operationId: "readSetup",
          tags: ["academy"],
          summary: "Whether the site still waits for its first-run setup (no admin yet)",
          response: {
            200: z
              .object({ needed: z.boolean().meta({ description: "True until the first admin exists" }) })
              .meta({ id: "SetupState" })
              .describe("Whether the site waits for its setup"),
          },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return { needed: await watch.needed() };
      },
    );

    app.post(
      "/setup",
      {
        config: { rateLimit: app.rateLimits.sensitive },
        schema: {
          operationId: "runSetup",
          tags: ["academy"],
          summary: "First-run setup: the academy's name and contacts, and the first admin (with the setup token)",
          body: setupBody,
          response: {
            201: setupDone.describe("The first admin is made; set the password with the code"),
            ...refusals({
              400: "A field is missing or invalid (the fields say which)",
              403: "Not the setup token printed in the API's log",
              409: "The site is set up already",
            }),
          },
        },
      },
      async (request, reply) => {
        const { token, academy, admin } = request.body;
        if (!(await watch.needed())) throw conflict("This site is set up already: log in.");
        const uid = await identity.createAccount(admin.email, admin.name);
        const adminId = await transaction(db, async (tx) => {
          // The row's lock makes two setups at once take turns: the second finds an admin.
          if (!(await tokenMatches(tx, key, token))) {
            if (await hasAdmin(tx)) throw conflict("This site is set up already: log in.");
            throw new ApiError(403, "That is not this site's setup token: copy it from the API's log.", {
              token: "Not the setup token.",
            });
          }
          const values = { email: admin.email, name: admin.name, role: "admin" as const, firebaseUid: uid };
          const [made] = await tx
            .insert(users)
            .values({ ...values, emailVerified: true })
            .onConflictDoUpdate({ target: users.email, set: { role: "admin", firebaseUid: uid } })
            .returning({ id: users.id });
          await tx.delete(firstRunSetup).where(eq(firstRunSetup.id, 1));
          return made!.id;
        });
        // The rest of the academy's facts stay as they are until the admin changes them on Admin Home.
        const now = academyFacts();
        const keys = Object.keys(academyBody.shape) as (keyof typeof academyBody.shape)[];
        const body = Object.fromEntries(keys.map((k) => [k, now[k]])) as z.infer<typeof academyBody>;
        await saveFacts(
          db,
          { ...body, ...academy, senderName: academy.name },
          { id: adminId, name: admin.name },
          officeLog,
        );
        const code = await identity.claimCode(admin.email);
        return reply.status(201).send({ email: admin.email, code });
      },
    );
  };
