import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { outboxState } from "./outbox.js";

/** The notifications' routes: how the outbox stands, for Admin Home (issue 32). */
export const notificationRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/outbox",
      {
        config: { access: { action: "read", entity: "outbox", any: true } },
        schema: {
          tags: ["notifications"],
          summary:
            "How the e-mail outbox stands: messages waiting, messages given up, since when the oldest waits (admins)",
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "outbox");
        const state = await outboxState(db);
        return {
          queued: state.queued,
          failed: state.failed,
          oldestQueuedAt: state.oldestQueuedAt ? state.oldestQueuedAt.toISOString() : null,
        };
      },
    );
  };
