import fastifyJwt from "@fastify/jwt";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { forbidden, unauthorized } from "../lib/errors.js";
import { PERMISSIONS, type Action, type Actor, type Entity } from "./permissions.js";

export interface AccessTokenClaims {
  sub: string;
  email: string;
}

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

/**
 * What a route needs before its input is looked at: a signed-in caller, or a role that has the
 * right at all (`any`: over every record, not only its own). Checked on every request before the
 * body is parsed and validated, so an anonymous caller gets 401 and a caller without the right 403
 * whatever the body, id or query; the handler still checks ownership of the record itself.
 */
export type RouteAccess = "signed-in" | { action: Action; entity: Entity; any?: true };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in caller, from a verified token and the database (never from the body). */
    requireActor(): Promise<Actor>;
    /** The caller if a valid token came with the request, else null. */
    optionalActor(): Promise<Actor | null>;
  }
}

/**
 * Identity comes from the verified access token; the role and the account's existence come from
 * the database on every request, so a deleted user or a demoted admin loses the old powers at once.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; secret: string; ttl: string }) => {
  await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.ttl } });

  async function resolve(request: FastifyRequest): Promise<Actor | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    let claims: AccessTokenClaims;
    try {
      claims = await request.jwtVerify<AccessTokenClaims>();
    } catch {
      throw unauthorized("Your session has expired or is invalid. Sign in again.");
    }
    if (typeof claims.sub !== "string" || !/^[0-9a-f-]{36}$/i.test(claims.sub)) {
      throw unauthorized("Your session is invalid. Sign in again.");
    }
    const [user] = await opts.db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.id, claims.sub));
    if (!user) throw unauthorized("This account no longer exists.");
    return user;
  }

  // One look-up per request, shared by the access check and the handler.
  const resolved = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  const actorOf = (request: FastifyRequest) => {
    let actor = resolved.get(request);
    if (!actor) resolved.set(request, (actor = resolve(request)));
    return actor;
  };

  app.decorateRequest("requireActor", async function (this: FastifyRequest) {
    const actor = await actorOf(this);
    if (!actor) throw unauthorized();
    return actor;
  });
  app.decorateRequest("optionalActor", function (this: FastifyRequest) {
    return actorOf(this);
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const actor = await request.requireActor();
    if (access === "signed-in") return;
    const granted = PERMISSIONS[actor.role][`${access.action}:${access.entity}`];
    if (!granted || (access.any && granted !== "any")) throw forbidden();
  });
});
