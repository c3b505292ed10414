import { fillFromLine, leaveEveryLine, type LineOptions } from "../waitlist/index.js";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../platform/database/client.js";
import {
  campers,
  classes,
  enrollments,
  orders,
  payments,
  refunds,
  ROLES,
  users,
  type Role,
} from "../platform/database/schema.js";
import { conflict, forbidden, notFound } from "../platform/errors.js";
import { containsPattern, pageQuery, pageWindow, totalOver, type Page } from "../platform/paging.js";

export type UserRow = { id: string; name: string; email: string; photo: string | null; role: Role };
export const userColumns = { id: users.id, name: users.name, email: users.email, photo: users.photo, role: users.role };

export const userToWire = (u: UserRow) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  photo: u.photo ?? "",
  role: u.role,
});

export async function findUser(db: Db, id: string) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!user) throw notFound("There is no such user.");
  return user;
}

/**
 * Locks every admin's row (in id order, as every such transaction does) and returns their ids:
 * two admins demoting or deleting each other at once then run one after the other, and the second
 * sees what the first did, so the academy always keeps an admin. The caller must still be one of
 * them (an admin demoted a moment ago has lost the right).
 */
export async function lockAdmins(tx: Tx, actorId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.id))
    .for("update");
  const ids = rows.map((r) => r.id);
  if (!ids.includes(actorId)) throw forbidden();
  return ids;
}

/** The target's row, locked, as it is now (it may have changed since the request began). */
export async function lockUser(tx: Tx, id: string) {
  const [user] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for("update");
  if (!user) throw notFound("There is no such user.");
  return user;
}

/**
 * A user's rows go with them (carts, enrolments, classes), but not what the academy or other
 * students rely on: payment records are kept, a checkout in progress holds seats, and a class
 * with enrolled students stays. An enrolment that goes gives its seat back.
 */
export async function keepWhatOthersRelyOn(tx: Tx, userId: string, line: LineOptions): Promise<void> {
  // Locked before they are counted (users, orders, classes: the order checkouts lock them in), so
  // a checkout or payment of this user or in their classes either finishes first and is counted,
  // or waits and then finds the user gone.
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.studentId, userId))
    .orderBy(asc(orders.id))
    .for("update");
  const own = await tx
    .select({ id: classes.id, heldSeats: classes.heldSeats })
    .from(classes)
    .where(eq(classes.instructorId, userId))
    .orderBy(asc(classes.id))
    .for("update");
  if (own.some((c) => c.heldSeats > 0)) {
    throw conflict("Students are paying for this instructor's classes right now: try again in a few minutes.");
  }
  const [paid] = await tx.select({ n: count() }).from(payments).where(eq(payments.studentId, userId));
  // A refund is a payment record too (a payment that came after its seats were gone has a refund
  // and perhaps no payment row); the foreign keys refuse to delete either.
  const [refunded] = await tx
    .select({ n: count() })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(orders.studentId, userId));
  if ((paid?.n ?? 0) + (refunded?.n ?? 0) > 0) {
    throw conflict("This student has paid for classes: their payment records are kept, so the account stays.");
  }
  const [paying] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.studentId, userId), eq(orders.status, "pending")));
  if ((paying?.n ?? 0) > 0) throw conflict("This student is paying right now: try again in a few minutes.");
  const [taught] = await tx
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(eq(classes.instructorId, userId));
  if ((taught?.n ?? 0) > 0) {
    throw conflict("Students are enrolled in this instructor's classes: those classes and the account stay.");
  }
  const seats = await tx
    .select({ classId: enrollments.classId })
    .from(enrollments)
    .where(eq(enrollments.studentId, userId))
    .orderBy(asc(enrollments.classId));
  for (const { classId } of seats) {
    await tx
      .update(classes)
      .set({ enrolledSeats: sql`greatest(${classes.enrolledSeats} - 1, 0)` })
      .where(eq(classes.id, classId));
  }
  // Their places in line end, and the seats they leave go to the classes' lines.
  await leaveEveryLine(tx, userId, line);
  await fillFromLine(
    tx,
    seats.map((s) => s.classId),
    line,
  );
}

/**
 * A student teaches nothing: someone who still has classes (any status) keeps their role, or the
 * classes would be listed under a teacher who can no longer see or edit them. Counted after the
 * target's row is locked: a class being added by them at this moment (POST /classes holds their
 * row FOR SHARE while it checks their role and inserts) either is counted here or, once this
 * change is made, is refused.
 */
export async function assertTeachesNothing(tx: Tx, userId: string): Promise<void> {
  const [owned] = await tx.select({ n: count() }).from(classes).where(eq(classes.instructorId, userId));
  if ((owned?.n ?? 0) > 0) {
    throw conflict("This instructor still has classes: delete them first, or keep the instructor's role.");
  }
}

/**
 * A student made an instructor or an admin books nothing more (their permissions say so), so a
 * checkout of theirs in progress would be left holding seats nobody may pay for: the change waits
 * until it is paid or ends. Counted after the target's row is locked, which every checkout takes
 * first (decision 008): a checkout opened at this moment is either counted here or, once the role
 * has changed, refused (it reads the role under that lock).
 */
export async function assertNotPaying(tx: Tx, userId: string): Promise<void> {
  const [paying] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.studentId, userId), eq(orders.status, "pending")));
  if ((paying?.n ?? 0) > 0) throw conflict("This student is paying right now: try again in a few minutes.");
}

/** The admin's tables and figures: paged lists and one call for the home page's numbers. */

export const userListQuery = pageQuery(["name", "email", "role", "joined"], {
  role: z.enum(ROLES, { error: "Role is admin, instructor or student." }).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export async function listUsersPage(db: Db, q: UserListQuery): Promise<Page<ReturnType<typeof userToWire>>> {
  const { page, size, offset } = pageWindow(q);
  const filters: SQL[] = [];
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.search) {
    const pattern = containsPattern(q.search);
    // A family is also found by a camper's name: "Mia Rivera" finds her parent's account.
    const camperNamed = sql`exists (select 1 from ${campers} where ${campers.familyId} = ${users.id} and ${campers.removedAt} is null and (${campers.firstName} || ' ' || ${campers.lastName}) ilike ${pattern})`;
    filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern), camperNamed)!);
  }
  const direction = q.dir === "desc" ? desc : asc;
  const key = { name: users.name, email: users.email, role: users.role, joined: users.createdAt }[q.sort ?? "name"];
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      photo: users.photo,
      role: users.role,
      createdAt: users.createdAt,
      total: totalOver(),
    })
    .from(users)
    .where(and(...filters))
    .orderBy(direction(key), asc(users.id))
    .limit(size)
    .offset(offset);
  return {
    items: rows.map((u) => ({ ...userToWire(u), createdAt: u.createdAt.toISOString() })),
    total: rows[0]?.total ?? (offset > 0 ? await countUsers(db, filters) : 0),
    page,
    size,
  };
}

/** A page past the end has no row to carry the total. */
export async function countUsers(db: Db, filters: SQL[]) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(...filters));
  return row?.n ?? 0;
}
