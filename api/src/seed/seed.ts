import { count } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import {
  cacheVersions,
  classReviews,
  classes,
  guardians,
  users,
  type ClassStatus,
  type Level,
  type Role,
  type Sport,
  type Weekday,
} from "../platform/database/schema.js";
import * as clock from "../platform/clock.js";
import type { Sealer } from "../platform/sealing.js";
import { inSeedSummer } from "./calendar.js";
import { planFamilies, seedFamilies, seedGuardian, type SeedFamily } from "./families.js";
import { SEED_LOGISTICS } from "./logistics.js";

/** Fixed ids, so seeding twice changes nothing and tests can name seed records. */
const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const cid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;

export const SEED_USERS: { id: string; name: string; email: string; role: Role; photo: string }[] = [
  {
    id: uid(1),
    name: "Avery Admin",
    email: "admin@summitsports.academy",
    role: "admin",
    photo: "/images/seed/people/avery.svg",
  },
  {
    id: uid(2),
    name: "Maya Torres",
    email: "maya@summitsports.academy",
    role: "instructor",
    photo: "/images/seed/people/maya.svg",
  },
  {
    id: uid(3),
    name: "Jonas Berg",
    email: "jonas@summitsports.academy",
    role: "instructor",
    photo: "/images/seed/people/jonas.svg",
  },
  {
    id: uid(4),
    name: "Priya Nair",
    email: "priya@summitsports.academy",
    role: "instructor",
    photo: "/images/seed/people/priya.svg",
  },
  {
    id: uid(5),
    name: "Diego Alvarez",
    email: "diego@summitsports.academy",
    role: "instructor",
    photo: "/images/seed/people/diego.svg",
  },
  {
    id: uid(6),
    name: "Hana Sato",
    email: "hana@summitsports.academy",
    role: "instructor",
    photo: "/images/seed/people/hana.svg",
  },
  {
    id: uid(7),
    name: "Kwame Mensah",
    email: "kwame@summitsports.academy",
    role: "instructor",
    photo: "/images/seed/people/kwame.svg",
  },
  { id: uid(8), name: "Sam Student", email: "sam@example.com", role: "student", photo: "/images/seed/people/sam.svg" },
  { id: uid(9), name: "Lee Learner", email: "lee@example.com", role: "student", photo: "/images/seed/people/lee.svg" },
  { id: uid(10), name: "Rae Runner", email: "rae@example.com", role: "student", photo: "/images/seed/people/rae.svg" },
];

type SeedClass = [
  n: number,
  name: string,
  sport: Sport,
  instructor: number,
  seats: number,
  enrolled: number,
  price: number,
  status: ClassStatus,
];

const SEED_CLASSES: SeedClass[] = [
  [1, "Junior Soccer Skills", "soccer", 2, 24, 18, 149, "approved"],
  [2, "Basketball Fundamentals", "basketball", 3, 20, 20, 129, "approved"],
  [3, "Competitive Swimming", "swimming", 4, 16, 11, 179, "approved"],
  [4, "Tennis Serve & Volley", "tennis", 5, 12, 7, 159, "approved"],
  [5, "Youth Volleyball", "volleyball", 6, 18, 9, 119, "approved"],
  [6, "Track & Field Sprints", "athletics", 7, 30, 21, 99, "approved"],
  [7, "Intro to Martial Arts", "martial-arts", 2, 15, 5, 139, "approved"],
  [8, "Baseball Batting Clinic", "baseball", 3, 14, 3, 149.5, "approved"],
  [9, "Gymnastics Foundations", "gymnastics", 4, 12, 12, 189, "approved"],
  [10, "Cycling Endurance", "cycling", 5, 10, 4, 109, "approved"],
  [11, "Rock Climbing Basics", "climbing", 6, 8, 6, 199, "approved"],
  [12, "Table Tennis Tactics", "table-tennis", 7, 16, 2, 79.99, "approved"],
  [13, "Advanced Goalkeeping", "soccer", 2, 10, 0, 169, "pending"],
  [14, "Water Polo Starter", "swimming", 4, 14, 0, 149, "pending"],
  [15, "Golf Short Game", "golf", 5, 8, 0, 229, "denied"],
];

/** Mornings and afternoons of the academy's day. */
const MORNING = ["09:00", "12:00"] as const;
const AFTERNOON = ["13:30", "16:30"] as const;
const MON_FRI: Weekday[] = ["mon", "tue", "wed", "thu", "fri"];

/**
 * Each class's session in the template summer (2027): first and last day, weekdays, hours, ages,
 * level, place. The seed moves the days into the summer it books (seed-calendar.ts).
 */
const SESSIONS: Record<
  number,
  [
    start: string,
    end: string,
    days: Weekday[],
    hours: readonly [string, string],
    ages: [number, number],
    level: Level,
    place: string,
  ]
> = {
  1: ["2027-07-05", "2027-07-16", MON_FRI, MORNING, [8, 12], "beginner", "Field 2"],
  2: ["2027-06-21", "2027-07-02", MON_FRI, AFTERNOON, [10, 14], "intermediate", "Indoor court"],
  3: ["2027-07-12", "2027-07-23", MON_FRI, MORNING, [12, 17], "advanced", "Pool"],
  4: ["2027-08-02", "2027-08-13", ["mon", "wed", "fri"], AFTERNOON, [9, 13], "all", "Tennis courts 1-3"],
  5: ["2027-07-19", "2027-07-30", MON_FRI, AFTERNOON, [11, 15], "beginner", "Indoor court"],
  6: ["2027-06-14", "2027-06-25", MON_FRI, MORNING, [13, 18], "advanced", "Athletics track"],
  7: ["2027-08-09", "2027-08-20", ["tue", "thu"], MORNING, [6, 10], "beginner", "Dojo"],
  8: ["2027-07-26", "2027-08-06", MON_FRI, MORNING, [10, 14], "intermediate", "Batting cages"],
  9: ["2027-06-28", "2027-07-09", MON_FRI, AFTERNOON, [5, 8], "beginner", "Gym hall"],
  10: ["2027-08-16", "2027-08-27", ["mon", "wed", "fri"], MORNING, [14, 18], "advanced", "Velodrome loop"],
  11: ["2027-07-05", "2027-07-09", MON_FRI, AFTERNOON, [10, 16], "all", "Climbing wall"],
  12: ["2027-08-23", "2027-08-27", MON_FRI, AFTERNOON, [8, 14], "intermediate", "Sports hall"],
  13: ["2027-07-12", "2027-07-23", MON_FRI, AFTERNOON, [12, 16], "advanced", "Field 1"],
  14: ["2027-08-02", "2027-08-06", MON_FRI, MORNING, [9, 13], "beginner", "Pool"],
  15: ["2027-06-21", "2027-06-25", MON_FRI, MORNING, [11, 17], "intermediate", "Practice green"],
};

const DETAILS: Record<string, string> = {
  soccer: "Ball control, passing lanes and small-sided games, finishing with a camp tournament.",
  basketball: "Footwork, shooting form and team defence, with daily scrimmages.",
  swimming: "Stroke technique, turns and starts, timed sets in a 25 m pool.",
  tennis: "Serve mechanics and net play, with match-play afternoons.",
  volleyball: "Passing, setting and rotations for indoor 6-a-side.",
  athletics: "Starts, acceleration and relay change-overs on the track.",
  "martial-arts": "Balance, discipline and safe falling, in a judo-based programme.",
  baseball: "Swing path, timing and situational hitting in the cages.",
  gymnastics: "Floor, beam and vault basics with spotting at every step.",
  cycling: "Group riding, pacing and bike handling on closed loops.",
  climbing: "Knots, belaying and movement on the academy's indoor wall.",
  "table-tennis": "Spin, footwork and serve-receive patterns.",
  golf: "Chipping, pitching and putting on the practice green.",
};

/**
 * The families whose children hold the seeded classes' enrolled seats (families.ts): each class's
 * enrolled count is the number of its enrolments, never a figure of its own.
 */
export const SEED_FAMILIES: SeedFamily[] = planFamilies(
  SEED_CLASSES.filter(([, , , , , enrolled]) => enrolled > 0).map(([n, , , , , enrolled, price]) => {
    const [startDate, endDate, weekdays, [startTime, endTime], [ageMin, ageMax]] = SESSIONS[n]!;
    return {
      id: cid(n),
      enrolled,
      priceCents: Math.round(price * 100),
      schedule: { startDate, endDate, weekdays, startTime, endTime, ageMin, ageMax },
    };
  }),
);

/** How many seats of each seeded class the families hold. */
const enrolledIn = (classId: string) =>
  SEED_FAMILIES.reduce((n, f) => n + f.children.filter((c) => c.classIds.includes(classId)).length, 0);

/** A seeded class's first and last day in the summer the seed books at `now`. */
export function seedClassDates(n: number, now = clock.now()): { startDate: string; endDate: string } {
  const session = SESSIONS[n];
  if (!session) throw new Error(`no seed class ${n}`);
  return { startDate: inSeedSummer(session[0], now), endDate: inSeedSummer(session[1], now) };
}

/**
 * Seeds the local data set, its classes in the next summer still ahead of `now` (the API's clock),
 * with the families enrolled in them (their children's details sealed with `sealer` when given);
 * running it again changes nothing.
 */
export async function seed(db: Db, { now = clock.now(), sealer }: { now?: Date; sealer?: Sealer } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    // Their Firebase sign-ins are seeded with confirmed addresses (tools/auth-emulator.mjs), so they may pay.
    await tx
      .insert(users)
      .values(SEED_USERS.map((u) => ({ ...u, emailVerified: true })))
      .onConflictDoNothing();
    // The students' own phone and address, given as every family does before its first booking.
    await tx
      .insert(guardians)
      .values(SEED_USERS.filter((u) => u.role === "student").map((u, i) => seedGuardian(u.id, u.name, 90 + i)))
      .onConflictDoNothing();
    await tx
      .insert(classes)
      .values(
        SEED_CLASSES.map(([n, name, sport, instructor, seats, , price, status]) => {
          const [, , weekdays, [startTime, endTime], [ageMin, ageMax], level, location] = SESSIONS[n]!;
          const { startDate, endDate } = seedClassDates(n, now);
          return {
            id: cid(n),
            name,
            image: `/images/seed/classes/${sport}.svg`,
            instructorId: uid(instructor),
            availableSeats: seats,
            enrolledSeats: enrolledIn(cid(n)),
            priceCents: Math.round(price * 100),
            details: DETAILS[sport] ?? null,
            status,
            feedback: status === "denied" ? "We already run a golf programme with the partner club this summer." : null,
            sport,
            startDate,
            endDate,
            weekdays,
            startTime,
            endTime,
            ageMin,
            ageMax,
            level,
            location,
            venueAddress: SEED_LOGISTICS[n]?.venueAddress ?? null,
            dropOff: SEED_LOGISTICS[n]?.dropOff ?? null,
            pickUp: SEED_LOGISTICS[n]?.pickUp ?? null,
            whatToBring: SEED_LOGISTICS[n]?.whatToBring ?? null,
          };
        }),
      )
      .onConflictDoNothing();
    // A denied class's thread says why, as an admin's denial always does (decision 039).
    const denied = SEED_CLASSES.filter(([, , , , , , , status]) => status === "denied");
    if (denied.length > 0) {
      await tx
        .insert(classReviews)
        .values(
          denied.map(([n]) => ({
            id: `00000000-0000-4000-a000-${String(n).padStart(12, "0")}`,
            classId: cid(n),
            authorId: uid(1),
            kind: "denied" as const,
            message: "We already run a golf programme with the partner club this summer.",
          })),
        )
        .onConflictDoNothing();
    }
    const prices = new Map(SEED_CLASSES.map(([n, , , , , , price]) => [cid(n), Math.round(price * 100)]));
    await seedFamilies(tx, SEED_FAMILIES, prices, now, sealer);
    await tx.update(cacheVersions).set({ version: 1 });
  });
}

export async function seedIfEmpty(db: Db, sealer?: Sealer): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) === 0) await seed(db, { sealer });
}
