import { AGE_MAX, AGE_MIN, SPORTS } from "./camp-session";

/**
 * The academy's facts as every page states them: its name and contact details (spec section 1),
 * how many sports, for which ages, when, what a camp day looks like and how soon it answers. One
 * place, read by the shell's footer and sign-in pages and by every public page, so no two pages
 * can disagree (they did: nine, a dozen and thirteen sports; ages 8-17 beside classes for 5-18).
 * The counts and ages come from the same lists the classes are checked against.
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

export const ACADEMY = {
  name: "Summit Sports Academy",
  address: ["120 Riverside Drive", "Portland, OR 97201"],
  email: "hello@summitsports.academy",
  phone: "+1 (503) 555-0142",
  /** "Thirteen sports" (from the sports a class may be). */
  sports: `${sportsWord[0]!.toUpperCase()}${sportsWord.slice(1)} sports`,
  /** "5 to 18" (the ages a class may be for). */
  ages: `${AGE_MIN} to ${AGE_MAX}`,
  season: "June to August",
  /** The academy's clock: opening times are said in it (the API's waitlist/opening.ts says the same). */
  timeZone: "America/Los_Angeles",
  /** A camp day: each class runs in a morning or an afternoon block (the classes' hours say which). */
  day: "Each day has a sports block and a study block: a class runs in the morning or in the afternoon, and study mentors have campers for the other half.",
  /** How soon a message to the academy is answered (the contact form's promise). */
  replyTime: "within one working day",
} as const;

export const ACADEMY_PHONE_HREF = `tel:${ACADEMY.phone.replace(/[^+\d]/g, "")}`;
