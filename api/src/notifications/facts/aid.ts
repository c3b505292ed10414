/**
 * The office's answer to a financial-aid application (decision 050), as the family's message shows
 * it: the camper, the season, and the award (the most it pays, and the percent of each seat when
 * it is one) or the note with a decline.
 */
export interface AidDecidedFacts {
  applicationId: string;
  familyName: string;
  camperName: string;
  season: number;
  status: "awarded" | "declined";
  awardCents: number | null;
  awardPercent: number | null;
  note: string | null;
  /** What the award was before the office changed it; absent or null: the first answer. */
  changedFromCents?: number | null;
}
