import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../platform/database/client.js";
import { users } from "../../platform/database/schema.js";

/** A new account's welcome, and a contact message's acknowledgement and notice to the admins. */

/** A new account's welcome. */
export interface WelcomeFacts {
  name: string;
}

/**
 * A contact form's acknowledgement to whoever sent it. It repeats nothing they typed: anyone can
 * type any address into the form, so the message must not carry a stranger's words to it.
 */
export interface ContactAckFacts {
  receivedAt: string;
}

/** A contact form's notice to an admin: who wrote and what (as text). */
export interface ContactNoticeFacts {
  adminName: string;
  contactId: string;
  fromName: string;
  fromEmail: string;
  message: string;
  receivedAt: string;
}

/** Every admin, to be told of a contact message (call it in the transaction that records it). */
export async function adminRecipients(tx: Tx): Promise<{ id: string; email: string; name: string }[]> {
  return tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.email));
}
