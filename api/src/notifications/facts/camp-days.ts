/**
 * The camp-days domain's messages (decision 046): it gathers their facts itself and hands them over
 * whole, so this domain never reads attendance.
 */

/** A camper marked absent from a class on a day the family had not said they would miss. */
export interface CamperAbsentFacts {
  familyName: string;
  /** The camper's first name (the account holder's own name for "Myself"). */
  camperName: string;
  className: string;
  day: string;
  /** When the coach marked it (an instant). */
  markedAt: string;
}

/** A coach's or an admin's message to the families of a class, as written (text only). */
export interface ClassMessageFacts {
  className: string;
  senderName: string;
  subject: string;
  body: string;
}
