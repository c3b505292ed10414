import { sql } from "drizzle-orm";
import type { Db } from "../database/client.js";
import { users } from "../database/schema.js";
import { forbidden, notFound } from "../errors.js";
import type { Actor } from "./permissions.js";

/** `?email=` must be the caller's own, unless the caller may read anyone's (no IDOR). */
export async function ownerByEmail(db: Db, actor: Actor, email: string): Promise<string> {
  const wanted = email.toLowerCase();
  if (wanted === actor.email) return actor.id;
  if (actor.role !== "admin") throw forbidden("You can only see your own records.");
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${wanted}`);
  if (!user) throw notFound("There is no user with that e-mail.");
  return user.id;
}
