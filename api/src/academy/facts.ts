import type { SocialLinks } from "../platform/database/schema.js";

/**
 * The academy's facts as this process knows them (decision 051): read from `academy_settings` when
 * the API starts, again within `ACADEMY_REFRESH_MS` of any change (every process polls the row's
 * time of change), at once in the process that saved them. Messages, calendars and statements read
 * them when they are made, through `academyFacts()`, never from a copy taken earlier.
 */
export interface AcademyFacts {
  name: string;
  legalName: string;
  addressLines: string[];
  phone: string;
  email: string;
  replyToEmail: string | null;
  senderName: string;
  taxId: string;
  seasonText: string;
  dayText: string;
  replyTime: string;
  socialLinks: SocialLinks;
  /** The logo uploaded for the academy (an image of this API), or null for the site's own mark. */
  logoUrl: string | null;
  /** When they were last changed (ISO 8601). */
  updatedAt: string;
}

/** Today's academy, as the first migration writes it: what a process says before it has read the row. */
export const STARTING_FACTS: AcademyFacts = {
  name: "Summit Sports Academy",
  legalName: "Summit Sports Academy LLC",
  addressLines: ["120 Riverside Drive", "Portland, OR 97201"],
  phone: "+1 (503) 555-0142",
  email: "hello@summitsports.academy",
  replyToEmail: null,
  senderName: "Summit Sports Academy",
  taxId: "93-4172085",
  seasonText: "June to August",
  dayText:
    "Each day has a sports block and a study block: a class runs in the morning or in the afternoon, and study mentors have campers for the other half.",
  replyTime: "within one working day",
  socialLinks: {
    facebook: "https://www.facebook.com/",
    x: "https://twitter.com/",
    instagram: "https://www.instagram.com/",
    youtube: "https://www.youtube.com/",
    pinterest: "https://www.pinterest.com/",
  },
  logoUrl: null,
  updatedAt: new Date(0).toISOString(),
};

let current: AcademyFacts = STARTING_FACTS;

/** The academy's facts now, in this process. */
export const academyFacts = (): AcademyFacts => current;

/** The address on one line ("120 Riverside Drive, Portland, OR 97201"). */
export const addressOnOneLine = (facts: AcademyFacts = current) => facts.addressLines.join(", ");

export function rememberFacts(facts: AcademyFacts): void {
  current = facts;
}
