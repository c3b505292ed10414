import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { camperName, recordReads } from "../campers/index.js";
import type { Actor } from "../platform/access/permissions.js";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { aidApplications, aidSeasons, campers, users } from "../platform/database/schema.js";
import { ApiError, badRequest, conflict, notFound } from "../platform/errors.js";
import { aidStatementBinding } from "../platform/sealed-columns.js";
import type { OfficeLog } from "../platform/office-log.js";
import type { Sealer } from "../platform/sealing.js";
import { lockAccount } from "../platform/database/locks.js";
import { transaction } from "../platform/transaction.js";
import { enqueueAidDecided } from "../notifications/index.js";
import { money } from "../pricing/index.js";
import type { z } from "zod";
import type { applyBody, awardBody, changeBody, seasonBody } from "./answers.js";
import { seasonUsedCents, usedCents } from "./credits.js";

/** Financial aid's seasons, applications and awards (decision 050). */

const applicationColumns = {
  _id: aidApplications.id,
  season: aidApplications.season,
  camperId: aidApplications.camperId,
  camperName,
  status: aidApplications.status,
  householdSize: aidApplications.householdSize,
  requestedCents: aidApplications.requestedCents,
  awardCents: aidApplications.awardCents,
  awardPercent: aidApplications.awardPercent,
  decisionNote: aidApplications.decisionNote,
  createdAt: aidApplications.createdAt,
  familyId: aidApplications.familyId,
  familyName: users.name,
  familyEmail: users.email,
};

const applicationsQuery = (db: Db | Tx) =>
  db
    .select(applicationColumns)
    .from(aidApplications)
    .innerJoin(campers, eq(campers.id, aidApplications.camperId))
    .innerJoin(users, eq(users.id, aidApplications.familyId));

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationsQuery>["execute"]>>[number];

/** Applications as answered: what each award has paid so far and what is left of it. */
async function withUse(db: Db | Tx, rows: ApplicationRow[]) {
  const used = await usedCents(
    db,
    rows.map((r) => r._id),
  );
  return rows.map((r) => {
    const usedCentsOf = used.get(r._id) ?? 0;
    return {
      ...r,
      familyName: r.familyName ?? "",
      createdAt: r.createdAt.toISOString(),
      usedCents: usedCentsOf,
      leftCents: Math.max(0, (r.awardCents ?? 0) - usedCentsOf),
    };
  });
}

const newestSeason = (db: Db | Tx) => db.select().from(aidSeasons).orderBy(desc(aidSeasons.season)).limit(1);

/** What a family reads: the season it may apply for, its campers, its applications of every season. */
export async function familyAid(db: Db, familyId: string) {
  const [season] = await newestSeason(db);
  const kids = await db
    .select({ _id: campers.id, name: camperName })
    .from(campers)
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(and(eq(campers.familyId, familyId), isNull(campers.removedAt)))
    .orderBy(asc(campers.firstName), asc(campers.id));
  const rows = await applicationsQuery(db)
    .where(eq(aidApplications.familyId, familyId))
    .orderBy(desc(aidApplications.season), asc(aidApplications.createdAt));
  const applications = (await withUse(db, rows)).map(
    ({ familyId: _family, familyName: _name, familyEmail: _email, ...own }) => own,
  );
  return {
    season: season
      ? { season: season.season, open: season.open, intro: season.intro, camperCapCents: season.camperCapCents }
      : null,
    campers: kids,
    applications,
  };
}

/** A family applies for one of its campers, for the newest season while it is open. */
export async function apply(db: Db, sealer: Sealer, familyId: string, body: z.infer<typeof applyBody>) {
  const id = await transaction(db, async (tx) => {
    const [season] = await newestSeason(tx).for("share");
    if (!season?.open) throw conflict("The academy is not taking financial-aid applications at the moment.");
    const [camper] = await tx
      .select({ id: campers.id })
      .from(campers)
      .where(and(eq(campers.id, body.camperId), eq(campers.familyId, familyId), isNull(campers.removedAt)));
    // Another family's camper is "not found": its existence is not told.
    if (!camper) throw notFound("No such camper in your family.");
    const id = randomUUID();
    const inserted = await tx
      .insert(aidApplications)
      .values({
        id,
        season: season.season,
        familyId,
        camperId: camper.id,
        householdSize: body.householdSize,
        requestedCents: body.requestedCents,
        sealedStatement: sealer.seal(body.statement, aidStatementBinding({ id, familyId })),
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: aidApplications.id });
    if (inserted.length === 0) throw conflict(`This camper already has an application for ${season.season}.`);
    return id;
  });
  const [row] = await applicationsQuery(db).where(eq(aidApplications.id, id));
  const [answer] = await withUse(db, [row!]);
  const { familyId: _family, familyName: _name, familyEmail: _email, ...own } = answer!;
  return own;
}

/** A season as admins read it: its figures, what awards promised and what seats used. */
async function seasonFigures(db: Db | Tx, row: typeof aidSeasons.$inferSelect) {
  return {
    season: row.season,
    budgetCents: row.budgetCents,
    camperCapCents: row.camperCapCents,
    awardedCents: row.awardedCents,
    usedCents: await seasonUsedCents(db, row.season),
    open: row.open,
    intro: row.intro,
  };
}

/** Every season, one season's figures (the newest unless asked) and its applications. */
export async function adminAid(db: Db, wanted: number | undefined) {
  const rows = await db.select().from(aidSeasons).orderBy(desc(aidSeasons.season));
  const seasons = await Promise.all(rows.map((row) => seasonFigures(db, row)));
  const season = wanted === undefined ? (seasons[0] ?? null) : (seasons.find((s) => s.season === wanted) ?? null);
  if (wanted !== undefined && !season) throw notFound(`There is no financial aid for ${wanted}.`);
  const applications = season
    ? await withUse(
        db,
        await applicationsQuery(db)
          .where(eq(aidApplications.season, season.season))
          .orderBy(asc(aidApplications.createdAt), asc(aidApplications.id)),
      )
    : [];
  return { seasons, season, applications };
}

/** Sets a season up or changes it; its budget never below what its awards already promise. */
export async function saveSeason(db: Db, season: number, body: z.infer<typeof seasonBody>) {
  const values = { ...body, updatedAt: clock.now() };
  const [row] = await db
    .insert(aidSeasons)
    .values({ season, ...values })
    .onConflictDoUpdate({
      target: aidSeasons.season,
      set: values,
      setWhere: sql`${aidSeasons.awardedCents} <= ${body.budgetCents}`,
    })
    .returning();
  if (!row) {
    const [current] = await db.select().from(aidSeasons).where(eq(aidSeasons.season, season));
    throw conflict(
      `Awards for ${season} already come to ${money(current?.awardedCents ?? 0)}: the budget cannot be less.`,
    );
  }
  return seasonFigures(db, row);
}

/** One application with its statement, for an admin: the read is recorded first. */
export async function readApplication(db: Db, sealer: Sealer, reader: Actor, id: string) {
  const [row] = await db
    .select({ sealed: aidApplications.sealedStatement, familyId: aidApplications.familyId })
    .from(aidApplications)
    .where(eq(aidApplications.id, id));
  if (!row) throw notFound("No such application.");
  const [application] = await applicationById(db, id);
  await recordReads(db, reader, [{ camperId: application!.camperId, familyId: row.familyId }], "aid");
  return { ...application!, statement: sealer.open(row.sealed, aidStatementBinding({ id, familyId: row.familyId })) };
}

const applicationById = async (db: Db | Tx, id: string) =>
  withUse(db, await applicationsQuery(db).where(eq(aidApplications.id, id)));

/** Locks a pending application (its row first, then its season's), or says why it cannot be decided. */
async function lockPending(tx: Tx, id: string) {
  const [row] = await tx.select().from(aidApplications).where(eq(aidApplications.id, id)).for("update");
  if (!row) throw notFound("No such application.");
  if (row.status !== "pending") throw conflict(`This application was already ${row.status}.`);
  return row;
}

/**
 * The family's e-mail with the office's answer, written in the decision's own transaction; after a
 * change, what the award was before (`changedFromCents`) and when it changed (each change its own message).
 */
async function tellFamily(tx: Tx, id: string, change?: { fromCents: number; at: Date }) {
  const [row] = await applicationsQuery(tx).where(eq(aidApplications.id, id));
  if (!row || row.status === "pending") return;
  await enqueueAidDecided(
    tx,
    row.familyEmail,
    {
      applicationId: id,
      familyName: row.familyName ?? "",
      camperName: row.camperName,
      season: row.season,
      status: row.status,
      awardCents: row.awardCents,
      awardPercent: row.awardPercent,
      note: row.decisionNote,
      changedFromCents: change?.fromCents ?? null,
    },
    change?.at,
  );
}

/**
 * Takes `cents` more from a season's budget (fewer when negative) in one guarded update
 * (`awarded + cents <= budget`): of two awards that would together pass it, the second finds its
 * row changed and is refused, whichever process runs it.
 */
async function takeFromBudget(tx: Tx, season: number, cents: number) {
  const [taken] = await tx
    .update(aidSeasons)
    .set({ awardedCents: sql`${aidSeasons.awardedCents} + ${cents}`, updatedAt: clock.now() })
    .where(and(eq(aidSeasons.season, season), sql`${aidSeasons.awardedCents} + ${cents} <= ${aidSeasons.budgetCents}`))
    .returning({ awarded: aidSeasons.awardedCents });
  if (taken) return;
  const [now] = await tx.select().from(aidSeasons).where(eq(aidSeasons.season, season));
  throw conflict(`Only ${money((now?.budgetCents ?? 0) - (now?.awardedCents ?? 0))} of the ${season} budget is left.`);
}

/** An award above the season's most per camper: refused, naming the amount's field. */
function withinCap(cents: number, season: { season: number; camperCapCents: number }) {
  if (cents <= season.camperCapCents) return;
  throw badRequest(`At most ${money(season.camperCapCents)} per camper in ${season.season}.`, {
    amountCents: `At most ${money(season.camperCapCents)}.`,
  });
}

/** Awards an amount (optionally as a percent of each seat up to it), taken from the season's budget. */
export async function award(
  db: Db,
  actor: { id: string; name: string },
  id: string,
  body: z.infer<typeof awardBody>,
  officeLog: OfficeLog,
) {
  await transaction(db, async (tx) => {
    const application = await lockPending(tx, id);
    const [season] = await tx.select().from(aidSeasons).where(eq(aidSeasons.season, application.season));
    withinCap(body.amountCents, season!);
    await takeFromBudget(tx, application.season, body.amountCents);
    await tx
      .update(aidApplications)
      .set({
        status: "awarded",
        awardCents: body.amountCents,
        awardPercent: body.percent,
        decisionNote: body.note || null,
        decidedBy: actor.id,
        decidedAt: clock.now(),
      })
      .where(eq(aidApplications.id, id));
    await tellFamily(tx, id);
    const how = body.percent === null ? "" : ` (${body.percent}% of each seat)`;
    await officeLog(
      tx,
      actor,
      application.familyId,
      "aid-awarded",
      `Financial aid of ${money(body.amountCents)}${how} awarded for ${application.season}`,
      { applicationId: id, camperId: application.camperId, amountCents: body.amountCents, percent: body.percent },
    );
  });
  const [answer] = await applicationById(db, id);
  return answer!;
}

/** Declines an application with a note for the family. */
export async function decline(
  db: Db,
  actor: { id: string; name: string },
  id: string,
  note: string,
  officeLog: OfficeLog,
) {
  await transaction(db, async (tx) => {
    const application = await lockPending(tx, id);
    await tx
      .update(aidApplications)
      .set({ status: "declined", decisionNote: note, decidedBy: actor.id, decidedAt: clock.now() })
      .where(eq(aidApplications.id, id));
    await tellFamily(tx, id);
    await officeLog(
      tx,
      actor,
      application.familyId,
      "aid-declined",
      `Financial aid for ${application.season} declined`,
      {
        applicationId: id,
        camperId: application.camperId,
      },
    );
  });
  const [answer] = await applicationById(db, id);
  return answer!;
}

/**
 * Changes an award: more (from what is left of the budget) or less, down to what it already pays
 * for (seats booked and checkouts in progress: that money is spent), which withdraws the rest. The
 * family's account is locked first, as a checkout locks it before it spends the award, so a
 * checkout and a change never both count on the same cents.
 */
export async function changeAward(
  db: Db,
  actor: { id: string; name: string },
  id: string,
  body: z.infer<typeof changeBody>,
  officeLog: OfficeLog,
) {
  await transaction(db, async (tx) => {
    const [found] = await tx
      .select({ familyId: aidApplications.familyId })
      .from(aidApplications)
      .where(eq(aidApplications.id, id));
    if (!found) throw notFound("No such application.");
    await lockAccount(tx, found.familyId);
    const [application] = await tx.select().from(aidApplications).where(eq(aidApplications.id, id)).for("update");
    if (application!.status !== "awarded") {
      throw conflict(`Only an award can be changed: this application is ${application!.status}.`);
    }
    const [season] = await tx.select().from(aidSeasons).where(eq(aidSeasons.season, application!.season));
    withinCap(body.amountCents, season!);
    const used = (await usedCents(tx, [id])).get(id) ?? 0;
    if (body.amountCents < used) {
      throw new ApiError(409, `${money(used)} of this award already pays for booked seats: it cannot be less.`, {
        amountCents: `At least ${money(used)}.`,
      });
    }
    const before = application!.awardCents ?? 0;
    await takeFromBudget(tx, application!.season, body.amountCents - before);
    const at = clock.now();
    await tx
      .update(aidApplications)
      .set({
        awardCents: body.amountCents,
        awardPercent: body.percent,
        decisionNote: body.note || null,
        decidedBy: actor.id,
        decidedAt: at,
      })
      .where(eq(aidApplications.id, id));
    await tellFamily(tx, id, { fromCents: before, at });
    const how = body.percent === null ? "" : ` (${body.percent}% of each seat)`;
    await officeLog(
      tx,
      actor,
      found.familyId,
      "aid-changed",
      `Financial aid for ${application!.season} changed from ${money(before)} to ${money(body.amountCents)}${how}`,
      { applicationId: id, camperId: application!.camperId, fromCents: before, amountCents: body.amountCents },
    );
  });
  const [answer] = await applicationById(db, id);
  return answer!;
}
