import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { esignConsents } from "../platform/database/schema.js";
import { conflict } from "../platform/errors.js";

/**
 * The consumer disclosure the ESIGN Act asks for before a family signs anything electronically:
 * what is signed this way, the right to paper, how to withdraw, and what is needed to read and keep
 * the records. A change of its words is a new version, which every family agrees to again.
 */
export const DISCLOSURE_VERSION = 1;

export const DISCLOSURE = `Consent to sign and receive records electronically

Before you sign a waiver or a release on this site, please read this and agree to it.

What this covers. The academy's waivers, releases and other forms you sign for your family and your children, and the signed copies of them, are given to you electronically: on this site and by e-mail to the address of your account.

Your right to paper. You may sign on paper instead, at the academy's office, and you may ask for a paper copy of anything you signed here at any time, free of charge. Write to the academy through the Contact page or ask at the office.

Withdrawing your consent. You may withdraw this consent at any time with "Withdraw consent" on your Forms page, or by writing to the academy. Withdrawing does not undo what you signed before; from then on you sign at the office on paper.

Keeping your details up to date. Keep your e-mail address current on your Profile page, so that the signed copies reach you.

What you need. A current web browser (Chrome, Edge, Firefox or Safari) with JavaScript on, an e-mail address, and a program that opens PDF files (every current browser does) to read, print or save the signed copies.

By agreeing, you confirm that you can open this site's pages and a PDF file, and that you agree to sign and receive these records electronically.`;

export interface ConsentState {
  agreed: boolean;
  /** The consent in force, which a signature records. */
  consentId: string | null;
  at: Date | null;
}

/** The caller's consent to the current disclosure: the latest record of it counts. */
export async function consentState(db: Db | Tx, userId: string): Promise<ConsentState> {
  const [latest] = await db
    .select()
    .from(esignConsents)
    .where(and(eq(esignConsents.userId, userId), eq(esignConsents.disclosureVersion, DISCLOSURE_VERSION)))
    .orderBy(desc(esignConsents.at), desc(esignConsents.id))
    .limit(1);
  return latest?.action === "agreed"
    ? { agreed: true, consentId: latest.id, at: latest.at }
    : { agreed: false, consentId: null, at: latest?.at ?? null };
}

export interface Client {
  ipAddress: string;
  userAgent: string;
}

/** Records an agreement or a withdrawal (a new record each time; none is changed). */
export async function recordConsent(tx: Tx, userId: string, action: "agreed" | "withdrawn", client: Client) {
  const state = await consentState(tx, userId);
  // Agreeing twice keeps the first agreement; withdrawing what was never given says so.
  if (action === "agreed" && state.agreed) return;
  if (action === "withdrawn" && !state.agreed) throw conflict("You have not agreed to sign electronically.");
  await tx.insert(esignConsents).values({
    userId,
    disclosureVersion: DISCLOSURE_VERSION,
    action,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent.slice(0, 512),
  });
}
