import type { SignedRecord } from "../documents/signed-form.js";

/**
 * The forms domain's messages (decision 045): it gathers their facts itself (it knows the forms)
 * and hands them over whole, so this domain never reads the forms' tables.
 */

/** A waiver just signed: its signed copy, attached as a PDF. */
export interface SignedFormFacts {
  record: SignedRecord;
}

/** What a family still owes before a camper's first day, some days before it. */
export interface FormsNeededFacts {
  familyName: string;
  /** The first day the reminder is about (academy calendar), and how many days away it was. */
  firstDay: string;
  daysBefore: number;
  items: { title: string; camperName: string | null; dueDate: string; late: boolean }[];
}
