import { AGE_MAX, AGE_MIN, SPORTS } from "./camp-session";
import type { Academy } from "./wire";

/**
 * The academy's facts as every page states them: its name and contact details (spec section 1),
 * how many sports, for which ages, when, what a camp day looks like and how soon it answers. One
 * place, read by the shell's footer and sign-in pages and by every public page, so no two pages
 * can disagree (they did: nine, a dozen and thirteen sports; ages 8-17 beside classes for 5-18).
 * The counts and ages come from the same lists the classes are checked against; the rest is the
 * academy's to change (decision 051).
 */
const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];

const sportCount = Object.keys(SPORTS).length;
const sportsWord = NUMBER_WORDS[sportCount] ?? String(sportCount);

/**
 * The facts an admin sets on Admin Home (decision 051), as `GET /academy` answers them. Pages read
 * them from the store (`useAcademyFacts`), so a change shows without a rebuild.
 */
export type AcademyFacts = Pick<
  Academy,
  "name" | "addressLines" | "phone" | "email" | "seasonText" | "dayText" | "replyTime" | "socialLinks" | "logoUrl"
>;

/**
 * What a page shows before the API's first answer (and when it cannot be reached): the facts the
 * database starts with, so nothing changes for the academy that never edits them.
 */
export const STARTING_ACADEMY: AcademyFacts = {
  name: "Summit Sports Academy",
  addressLines: ["120 Riverside Drive", "Portland, OR 97201"],
  email: "hello@summitsports.academy",
  phone: "+1 (503) 555-0142",
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
};

/** The facts that follow from the code's own lists (not settings): sports, ages and the clock. */
export const ACADEMY = {
  /** "Thirteen sports" (from the sports a class may be). */
  sports: `${sportsWord[0]!.toUpperCase()}${sportsWord.slice(1)} sports`,
  /** "5 to 18" (the ages a class may be for). */
  ages: `${AGE_MIN} to ${AGE_MAX}`,
  /** The academy's clock: opening times are said in it (the API's waitlist/opening.ts says the same). */
  timeZone: "America/Los_Angeles",
} as const;

/** A phone number as a link dials it: the digits and the plus only. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
