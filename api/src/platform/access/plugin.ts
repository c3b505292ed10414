import fastifyJwt from "@fastify/jwt";
import { eq, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../database/client.js";
import { revokedAccessTokens, users } from "../database/schema.js";
import { forbidden, unauthorized } from "../errors.js";
import { PERMISSIONS, type Action, type Actor, type Entity } from "./permissions.js";

export interface AccessTokenClaims {
  sub: string;
  email: string;
  /** The token's own id: signing out records it as ended (tokens signed before decision 028 have none). */
  jti?: string;
  /** The user's session generation when the token was signed (0 when absent): see users.sessionGeneration. */
  gen?: number;
  /** Expiry in seconds since the epoch, set by the signer. */
  exp?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SESSION_ENDED = "This session has ended (signed out, or ended by an admin). Sign in again.";

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
 * The same query says whether the token was ended since (signed out, or all of the user's sessions
 * ended by an admin), so a revoked token stops working at once without a second round trip.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; secret: string; ttl: string }) => {
  await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.ttl } });

  // The look-up every signed-in request makes, prepared once (named statements: PostgreSQL plans
  // them once per connection, and the SQL is not rebuilt per request). With the token's id it
  // also says whether that token was ended (signed out).
  const sessionUser = (signedOut: SQL<boolean>, name: string) =>
    opts.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
        sessionGeneration: users.sessionGeneration,
        signedOut: signedOut.mapWith(Boolean),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(name);
  const withToken = sessionUser(
    sql<boolean>`exists (select 1 from ${revokedAccessTokens} where ${revokedAccessTokens.jti} = ${sql.placeholder("jti")})`,
    "session_user_with_token",
  );
  const withoutToken = sessionUser(sql<boolean>`false`, "session_user");

  async function resolve(request: FastifyRequest): Promise<Actor | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    let claims: AccessTokenClaims;
    try {
      claims = await request.jwtVerify<AccessTokenClaims>();
    } catch {
      throw unauthorized("Your session has expired or is invalid. Sign in again.");
    }
    const { jti, gen = 0 } = claims;
    if (
      typeof claims.sub !== "string" ||
      !/^[0-9a-f-]{36}$/i.test(claims.sub) ||
      (jti !== undefined && (typeof jti !== "string" || !UUID.test(jti))) ||
      !Number.isSafeInteger(gen)
    ) {
      throw unauthorized("Your session is invalid. Sign in again.");
    }
    const [row] = jti
      ? await withToken.execute({ id: claims.sub, jti })
      : await withoutToken.execute({ id: claims.sub });
    if (!row) throw unauthorized("This account no longer exists.");
    if (row.signedOut || row.sessionGeneration !== gen) throw unauthorized(SESSION_ENDED);
    const { id, email, name, role, emailVerified } = row;
    return { id, email, name, role, emailVerified };
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
