import { asc, desc } from "drizzle-orm";
import { csvRows } from "../platform/csv.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { newsletterSubscriptions } from "../platform/database/schema.js";
import { subscribedAnswer, subscriberAnswer, subscribersCsv } from "./answers.js";

const subscription = z
  .object({
    email: z.email({ error: "Enter a valid e-mail address." }).max(254),
    acceptedTerms: z.literal(true, { error: "Accept the terms to subscribe." }),
  })
  .meta({ example: { email: "ana@example.com", acceptedTerms: true } });

/** The home page's "Subscribe For Offer!" box. */
export const newsletterRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/newsletter",
      {
        config: { rateLimit: app.rateLimits.forms },
        schema: {
          operationId: "subscribeToNewsletter",
          tags: ["newsletter"],
          summary: "Subscribe an e-mail address to the academy's offers",
          description:
            "Needs `acceptedTerms: true`. Subscribing an address twice is not an error: the answer says " +
            "whether this request created the subscription (201, `new: true`) or it already existed (200, `new: false`).",
          body: subscription,
          response: {
            200: subscribedAnswer.meta({ description: "The address was already subscribed (`new: false`)" }),
            201: subscribedAnswer.meta({ description: "This request subscribed the address (`new: true`)" }),
          },
        },
      },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        const created = await db
          .insert(newsletterSubscriptions)
          .values({ email, acceptedTermsAt: new Date() })
          .onConflictDoNothing({ target: newsletterSubscriptions.email })
          .returning({ id: newsletterSubscriptions.id });
        const isNew = created.length > 0;
        return reply.status(isNew ? 201 : 200).send({ subscribed: true, new: isNew, email });
      },
    );

    app.get(
      "/newsletter",
      {
        config: { access: { action: "read", entity: "newsletter", any: true } },
        schema: {
          operationId: "listNewsletterSubscribers",
          tags: ["newsletter"],
          summary: "Newsletter subscribers, newest first (admins)",
          response: { 200: z.array(subscriberAnswer).meta({ description: "Every subscriber, newest first" }) },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "newsletter");
        const rows = await db
          .select()
          .from(newsletterSubscriptions)
          .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id));
        return rows.map((s) => ({
          _id: s.id,
          email: s.email,
          acceptedTermsAt: s.acceptedTermsAt.toISOString(),
          createdAt: s.createdAt.toISOString(),
        }));
      },
    );

    app.get(
      "/newsletter/export.csv",
      {
        config: { access: { action: "read", entity: "newsletter", any: true } },
        schema: {
          operationId: "exportNewsletterSubscribers",
          tags: ["newsletter"],
          summary: "Newsletter subscribers as a CSV file, oldest first (admins)",
          description: "Columns: email, subscribed_at, accepted_terms_at (ISO 8601, UTC).",
          response: { 200: subscribersCsv },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "newsletter");
        const rows = await db
          .select()
          .from(newsletterSubscriptions)
          .orderBy(asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.id));
        const file = csvRows([
          ["email", "subscribed_at", "accepted_terms_at"],
          ...rows.map((s) => [s.email, s.createdAt.toISOString(), s.acceptedTermsAt.toISOString()]),
        ]);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", 'attachment; filename="newsletter-subscribers.csv"')
          .header("cache-control", "no-store")
          .send(file);
      },
    );
  };
