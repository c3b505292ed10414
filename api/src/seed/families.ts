import type { Tx } from "../platform/database/client.js";
import {
  campers,
  enrollments,
  guardians,
  orderItems,
  orders,
  payments,
  users,
  type Weekday,
} from "../platform/database/schema.js";
import { camperDetailsBinding } from "../platform/sealed-columns.js";
import type { Sealer } from "../platform/sealing.js";
import { TEMPLATE_SUMMER, seedSummer } from "./calendar.js";

/** A seeded class's session, in the template summer. */
export interface SeedSchedule {
  startDate: string;
  endDate: string;
  weekdays: Weekday[];
  startTime: string;
  endTime: string;
  ageMin: number;
  ageMax: number;
}

/**
 * Whether two sessions might meet at the same time: their dates, daily hours and weekdays overlap.
 * Stricter than the booking rule (campers/eligibility.ts, which also looks at the shared days'
 * weekdays), so a plan that passes it passes that rule too. (The seed does not import the campers
 * domain: the end-to-end tests import the seed's calendar through this folder's index.)
 */
function mayMeet(a: SeedSchedule, b: SeedSchedule): boolean {
  return (
    a.startDate <= b.endDate &&
    b.startDate <= a.endDate &&
    a.startTime < b.endTime &&
    b.startTime < a.endTime &&
    a.weekdays.some((d) => b.weekdays.includes(d))
  );
}

/**
 * The families behind the seed's enrolled seats: every seat a seeded class
 * counts as enrolled is a real enrolment of a camper (a child of a seeded family), bought in that
 * family's one paid order with its payment, in the shapes a checkout writes (settle.ts): so each
 * class's "Enrolled N" is its roster's length, and Admin Home's enrolments and revenue, the
 * instructors' revenue and the families' payment history all add up.
 *
 * The families have no sign-in (no Firebase account): nobody signs in as them. Their payments were
 * not made by card: their orders have no PaymentIntent, so the payment provider knows nothing of
 * them, and a refund of one is refused (409) where it would have to go back to a card; an admin
 * can still cancel a seeded seat without a refund.
 *
 * The plan is computed from the seed's constants alone, so it is the same on every run: each class
 * takes, in order, the campers already planned whose age on its first day fits and whose other
 * classes never meet at the same time (at most three classes each), then new children of the
 * class's ages, filling the families in turn.
 */

/** Fixed ids of the seed's family records, apart from the users' and the classes'. */
const fid = (kind: number, n: number) => `00000000-0000-4000-b${kind}00-${String(n).padStart(12, "0")}`;
const familyUserId = (n: number) => `00000000-0000-4000-8000-${String(100 + n).padStart(12, "0")}`;
const familyNumber = (f: SeedFamily) => Number(f.id.slice(-12)) - 100;

export interface SeedClassPlan {
  id: string;
  enrolled: number;
  priceCents: number;
  schedule: SeedSchedule;
}

export interface SeedFamily {
  id: string;
  name: string;
  email: string;
  children: SeedChild[];
}

export interface SeedChild {
  id: string;
  firstName: string;
  lastName: string;
  /** In the template summer's terms (moved by whole years with the seed's summer). */
  dateOfBirth: string;
  classIds: string[];
}

const SURNAMES = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Castillo",
  "Nakamura",
  "O'Brien",
  "Kowalski",
  "Haddad",
  "Petrov",
  "Fernandes",
  "Andersen",
  "Abara",
  "Ricci",
  "Yilmaz",
  "Dubois",
  "Park",
  "MacLeod",
  "Novak",
  "Svensson",
  "Mwangi",
  "Quinn",
  "Tanaka",
  "Romero",
  "Keller",
  "Osei",
  "Brennan",
  "Costa",
  "Iversen",
  "Farouk",
  "Whitaker",
];
const PARENTS = [
  "Ngozi",
  "Erik",
  "Claire",
  "Marisol",
  "Kenji",
  "Siobhan",
  "Tomasz",
  "Layla",
  "Irina",
  "Paulo",
  "Mette",
  "Chidi",
  "Giulia",
  "Emre",
  "Julien",
  "Min-jun",
  "Fiona",
  "Petra",
  "Lars",
  "Wanjiru",
  "Declan",
  "Aiko",
  "Lucia",
  "Stefan",
  "Akosua",
  "Niamh",
  "Rafael",
  "Ingrid",
  "Samir",
  "Hollis",
];
const CHILDREN = [
  "Ada",
  "Ben",
  "Cleo",
  "Dev",
  "Elsa",
  "Finn",
  "Gia",
  "Hugo",
  "Isla",
  "Jude",
  "Kai",
  "Lena",
  "Milo",
  "Nora",
  "Otis",
  "Pia",
  "Remy",
  "Sofia",
  "Theo",
  "Uma",
  "Vince",
  "Wren",
  "Xavi",
  "Yara",
  "Zeke",
];
/** How many children each family has, in turn. */
const FAMILY_SIZES = [2, 1, 3, 2, 2, 1, 3, 2];
const MAX_CLASSES_PER_CHILD = 3;

/** Age on `day` of someone born on `birth` (both YYYY-MM-DD). */
function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The families, their children and the classes each child is enrolled in (see the module's comment). */
export function planFamilies(classes: SeedClassPlan[]): SeedFamily[] {
  const children: (SeedChild & { schedules: SeedSchedule[] })[] = [];
  for (const cls of classes) {
    const { ageMin, ageMax, startDate } = cls.schedule;
    let needed = cls.enrolled;
    for (const child of children) {
      if (needed === 0) break;
      const age = ageOn(child.dateOfBirth, startDate);
      if (age < ageMin || age > ageMax || child.classIds.length >= MAX_CLASSES_PER_CHILD) continue;
      if (child.schedules.some((s) => mayMeet(s, cls.schedule))) continue;
      child.classIds.push(cls.id);
      child.schedules.push(cls.schedule);
      needed--;
    }
    for (let i = 0; i < needed; i++) {
      const n = children.length;
      const age = ageMin + (n % (ageMax - ageMin + 1));
      // Born in the first quarter: the same age on any day of the summer's camp.
      const dateOfBirth = `${TEMPLATE_SUMMER - age}-${String(1 + (n % 3)).padStart(2, "0")}-${String(1 + ((n * 7) % 28)).padStart(2, "0")}`;
      children.push({
        id: fid(3, n + 1),
        firstName: CHILDREN[n % CHILDREN.length]!,
        lastName: "",
        dateOfBirth,
        classIds: [cls.id],
        schedules: [cls.schedule],
      });
    }
  }
  const families: SeedFamily[] = [];
  let next = 0;
  while (next < children.length) {
    const f = families.length;
    const size = FAMILY_SIZES[f % FAMILY_SIZES.length]!;
    const surname =
      SURNAMES[f % SURNAMES.length]! + (f >= SURNAMES.length ? `-${Math.floor(f / SURNAMES.length)}` : "");
    const parent = PARENTS[f % PARENTS.length]!;
    const own = children
      .slice(next, next + size)
      .map(({ schedules: _, ...child }) => ({ ...child, lastName: surname }));
    next += size;
    families.push({
      id: familyUserId(f + 1),
      name: `${parent} ${surname}`,
      email: `${parent}.${surname}`.toLowerCase().replace(/[^a-z0-9.-]/g, "") + "@families.example",
      children: own,
    });
  }
  return families;
}

/** A date of birth of the template summer, moved into the summer the seed books (whole years). */
const inSummer = (birth: string, years: number) => `${Number(birth.slice(0, 4)) + years}${birth.slice(4)}`;

const DAY_MS = 86_400_000;

/**
 * Writes the families, their children, one paid order and payment per family and the children's
 * enrolments (fixed ids, so a second run adds nothing). The classes' enrolled counts are written
 * with the classes, from the same plan.
 */
/**
 * A seeded account holder's own details as the family's first guardian: what every family gives
 * before its first booking (a phone in the 555-01xx range kept for fiction, a street of the city).
 */
export function seedGuardian(familyId: string, name: string, n: number): typeof guardians.$inferInsert {
  return {
    familyId,
    position: 1,
    name,
    relation: "parent",
    phone: `+1 503 555 ${String(100 + (n % 100)).padStart(4, "0")}`,
    addressLine1: `${10 + n} Maple Street`,
    city: "Portland",
    region: "OR",
    postalCode: "97201",
  };
}

export async function seedFamilies(
  tx: Tx,
  planned: SeedFamily[],
  prices: Map<string, number>,
  now: Date,
  sealer?: Sealer,
): Promise<void> {
  if (planned.length === 0) return;
  const years = seedSummer(now) - TEMPLATE_SUMMER;
  // They paid, so their addresses were confirmed at the time (decision 028).
  const added = await tx
    .insert(users)
    .values(
      planned.map((f) => ({ id: f.id, name: f.name, email: f.email, role: "student" as const, emailVerified: true })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  // A family seeded before keeps what has happened to it since (a seat cancelled stays cancelled).
  const fresh = new Set(added.map((u) => u.id));
  const families = planned.filter((f) => fresh.has(f.id));
  if (families.length === 0) return;
  await tx.insert(guardians).values(families.map((f) => seedGuardian(f.id, f.name, familyNumber(f))));
  await tx
    .insert(campers)
    .values(
      families.flatMap((f) =>
        f.children.map((c) => ({
          id: c.id,
          familyId: f.id,
          firstName: c.firstName,
          lastName: c.lastName,
          dateOfBirth: inSummer(c.dateOfBirth, years),
          photoConsent: true,
          // A child has an emergency contact before its first booking (eligibility.ts): the parent.
          // Sealed as campers/store.ts seals a camper's details (the same fields, as JSON), bound
          // to this child and family (decision 030).
          sealedDetails: sealer
            ? sealer.seal(
                JSON.stringify({
                  allergies: "",
                  medical_notes: "",
                  medications: "",
                  emergency_contacts: [{ name: f.name, relation: "parent", phone: "+1 503 555 0100" }],
                  pickup_people: [],
                }),
                camperDetailsBinding({ id: c.id, familyId: f.id }),
              )
            : null,
        })),
      ),
    )
    .onConflictDoNothing();
  for (const f of families) {
    const n = familyNumber(f);
    // Paid over the weeks before the seed was made, a day apart, at 10:00 UTC.
    const day = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (60 - n) * DAY_MS);
    const paidAt = new Date(day.getTime() + 10 * 3_600_000);
    const lines = f.children.flatMap((c) => c.classIds.map((classId) => ({ classId, camperId: c.id })));
    const amountCents = lines.reduce((sum, l) => sum + prices.get(l.classId)!, 0);
    const orderId = fid(1, n);
    await tx
      .insert(orders)
      .values({
        id: orderId,
        studentId: f.id,
        amountCents,
        status: "paid",
        expiresAt: new Date(paidAt.getTime() + 15 * 60_000),
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(orderItems)
      .values(
        lines.map((l) => ({
          orderId,
          classId: l.classId,
          camperId: l.camperId,
          priceCents: prices.get(l.classId)!,
          paidCents: prices.get(l.classId)!,
          listPriceCents: prices.get(l.classId)!,
          discounts: [],
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(payments)
      .values({
        id: fid(2, n),
        orderId,
        studentId: f.id,
        // Not a PaymentIntent's id: no provider knows this payment (see the module's comment).
        transactionId: `seed_payment_${String(n).padStart(4, "0")}`,
        amountCents,
        quantity: lines.length,
        status: "service pending",
        paidAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(enrollments)
      .values(
        lines.map((l, j) => ({
          id: fid(4, n * 100 + j),
          studentId: f.id,
          classId: l.classId,
          camperId: l.camperId,
          orderId,
          createdAt: paidAt,
        })),
      )
      .onConflictDoNothing();
  }
}
