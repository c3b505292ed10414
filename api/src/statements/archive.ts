import type { Writable } from "node:stream";
import archiver from "archiver";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import { campers, orders, payments, refunds, users } from "../platform/database/schema.js";
import { academyToday } from "../platform/academy-day.js";
import { conflict } from "../platform/errors.js";
import { statementPdf } from "./pdf.js";
import { availableFrom, childStatement } from "./statement.js";

/**
 * Every family's statements of a year at once, for the office (decision 049): a zip archive with
 * one folder per family and one PDF per child who has money in the year, streamed as each PDF is
 * made, so the first bytes leave at once and memory holds one statement at a time. How many PDFs
 * it will hold is known first (the `X-Statement-Count` header): the office's page counts the files
 * as they arrive to show its progress.
 */

/** A name safe in a file name on every system: letters, digits and dashes. */
export const fileSafe = (text: string, fallback: string) =>
  text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || fallback;

/** The children who might have money in the year: every child of a family that paid or got money back. */
export async function archiveChildren(db: Db, year: number) {
  const paid = await db
    .selectDistinct({ familyId: payments.studentId, at: payments.paidAt, receivedOn: payments.receivedOn })
    .from(payments)
    .where(inArray(payments.kind, ["checkout", "instalment", "offline", "balance"]));
  const back = await db
    .selectDistinct({ familyId: orders.studentId, at: refunds.createdAt })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId));
  const inYear = (day: string) => day.startsWith(`${year}-`);
  const families = new Set([
    ...paid.filter((p) => inYear(p.receivedOn ?? academyToday(p.at))).map((p) => p.familyId),
    ...back.filter((r) => inYear(academyToday(r.at))).map((r) => r.familyId),
  ]);
  if (families.size === 0) return [];
  return db
    .select({ camperId: campers.id, familyId: campers.familyId, familyName: users.name })
    .from(campers)
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(and(inArray(campers.familyId, [...families]), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.id), asc(campers.firstName), asc(campers.id));
}

/** The year's statements with money in them, one per child, in the archive's order (data only: cheap). */
export async function yearStatements(db: Db, year: number) {
  if (academyToday() < availableFrom(year)) {
    throw conflict(`Statements for ${year} can be had from 1 January ${year + 1}.`);
  }
  const found = [];
  for (const child of await archiveChildren(db, year)) {
    const statement = await childStatement(db, child.camperId, year);
    // A child with no money in the year (a sibling who did not come) gets no PDF.
    if (statement.paidCents === 0 && statement.refundedCents === 0) continue;
    const folder = `${fileSafe(child.familyName, "family")}-${child.familyId.slice(0, 8)}`;
    found.push({ statement, name: `${folder}/statement-${year}-${fileSafe(statement.camper.name, "child")}.pdf` });
  }
  return found;
}

/** Writes the statements' PDFs to `out` as a zip archive, one at a time; answers when it is whole. */
export async function writeStatementsArchive(
  statements: Awaited<ReturnType<typeof yearStatements>>,
  out: Writable,
): Promise<void> {
  // PDFs are compressed already: stored, not deflated again.
  const zip = archiver("zip", { store: true });
  const failed = new Promise<never>((_resolve, reject) => zip.on("error", reject));
  zip.pipe(out);
  for (const { statement, name } of statements) zip.append(await statementPdf(statement), { name });
  await Promise.race([zip.finalize(), failed]);
}
