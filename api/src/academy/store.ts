import { eq } from "drizzle-orm";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { academySettings } from "../platform/database/schema.js";
import type { OfficeLog } from "../platform/office-log.js";
import { transaction } from "../platform/transaction.js";
import type { z } from "zod";
import type { academyBody } from "./answers.js";
import { academyFacts, rememberFacts, STARTING_FACTS, type AcademyFacts } from "./facts.js";

/** Reading and saving the academy's facts (decision 051). */

type Row = typeof academySettings.$inferSelect;

const toFacts = (row: Row): AcademyFacts => ({
  name: row.name,
  legalName: row.legalName,
  addressLines: row.addressLines,
  phone: row.phone,
  email: row.email,
  replyToEmail: row.replyToEmail,
  senderName: row.senderName,
  taxId: row.taxId,
  seasonText: row.seasonText,
  dayText: row.dayText,
  replyTime: row.replyTime,
  socialLinks: row.socialLinks,
  logoUrl: row.logoUrl,
  updatedAt: row.updatedAt.toISOString(),
});

/** Reads the row into this process's facts (the starting ones while it is missing). */
export async function loadFacts(db: Db | Tx): Promise<AcademyFacts> {
  const [row] = await db.select().from(academySettings).where(eq(academySettings.id, 1));
  const facts = row ? toFacts(row) : STARTING_FACTS;
  rememberFacts(facts);
  return facts;
}

/**
 * Reads the row again when it changed since this process read it: one small query, run by every
 * process every `ACADEMY_REFRESH_MS`, so a change reaches them all within that time.
 */
export async function refreshFacts(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ updatedAt: academySettings.updatedAt })
    .from(academySettings)
    .where(eq(academySettings.id, 1));
  if (!row || row.updatedAt.toISOString() === academyFacts().updatedAt) return false;
  await loadFacts(db);
  return true;
}

/** Saves the academy's facts; this process reads them at once, the others within their refresh. */
export async function saveFacts(
  db: Db,
  body: z.infer<typeof academyBody>,
  actor: { id: string; name: string },
  officeLog: OfficeLog,
): Promise<AcademyFacts> {
  const facts = await transaction(db, async (tx) => {
    const before = await loadFacts(tx);
    // A body without `logoUrl` (a client older than logos) keeps the logo as it is.
    const values = {
      ...body,
      logoUrl: body.logoUrl === undefined ? before.logoUrl : body.logoUrl,
      updatedAt: clock.now(),
      updatedBy: actor.id,
    };
    const [row] = await tx
      .insert(academySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: academySettings.id, set: values })
      .returning();
    const changed = (Object.keys(body) as (keyof typeof body)[]).filter(
      (key) => body[key] !== undefined && JSON.stringify(body[key]) !== JSON.stringify(before[key]),
    );
    await officeLog(
      tx,
      actor,
      null,
      "academy-settings",
      changed.length > 0
        ? `The academy's details changed: ${changed.join(", ")}`
        : "The academy's details saved unchanged",
      { changed },
    );
    return toFacts(row!);
  });
  rememberFacts(facts);
  return facts;
}
