/**
 * A payment plan's schedule (decision 040), pure: no database, no clock. The same plan, seats and
 * day always give the same dates and cents.
 *
 * A plan splits each seat's paid price (after every discount: pricing's rule runs first) into a
 * deposit, paid today at checkout, and instalments, each due on a fixed day or a number of days
 * before that seat's class starts. Every share is computed per seat in whole cents, rounded down;
 * the last instalment is "the rest", so a seat's parts always add up to its price to the cent.
 * A deposit or an instalment given as an amount never takes more than what is left of the seat.
 * An instalment whose day has already come is paid today with the deposit (it is never late
 * before the family has agreed to it). Parts of different seats due on the same day are one
 * charge: the schedule a family sees lists days, each with what each seat contributes.
 * Financial aid on a seat (decision 050) pays its earliest parts first: the parts are those of the
 * seat's price before aid, and the aid takes the deposit, then each instalment in turn.
 */

/** A share of a seat's price: a percent of it, or a fixed amount per seat. */
export type Share = { percent: number } | { amountCents: number };

/** When an instalment is due: a fixed day (YYYY-MM-DD, academy calendar) or days before the class's first day. */
export type Due = { date: string } | { daysBeforeStart: number };

export interface PlanTerms {
  deposit: Share;
  /** In order; the last one has no share: it takes what is left of each seat. */
  instalments: { due: Due; share: Share | null }[];
  /** The plan is offered only when every seat's class starts at least this many days after today. */
  cutoffDays: number;
  /** Only for carts whose seats are all of these classes (empty: every class). */
  classIds: readonly string[];
  /** Only for carts of at least this much, after discounts (cents). */
  minOrderCents: number;
}

export interface SeatInput {
  /** The caller's id for the seat (an order line). */
  key: string;
  classId: string;
  /** What the family pays for this seat, after every discount and its financial aid (cents). */
  priceCents: number;
  /** What financial aid pays of this seat (cents); 0 when none. */
  aidCents?: number;
  /** The class's first day (YYYY-MM-DD, academy calendar). */
  firstDay: string;
}

export interface SchedulePart {
  /** The day it is charged (YYYY-MM-DD, academy calendar); the deposit's is today. */
  due: string;
  /** True for the part paid at checkout. */
  deposit: boolean;
  totalCents: number;
  /** What each seat contributes to it (seats with nothing due that day are left out). */
  seats: { key: string; cents: number }[];
}

export type ScheduleAnswer = { ok: true; parts: SchedulePart[] } | { ok: false; reason: string };

const DAY_MS = 86_400_000;

/** `day` moved by `days` (negative: earlier), on the calendar alone: no zone, no daylight saving. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const shareOf = (share: Share, priceCents: number, left: number) =>
  Math.min(left, "percent" in share ? Math.floor((priceCents * share.percent) / 100) : share.amountCents);

const dueDay = (due: Due, firstDay: string) => ("date" in due ? due.date : addDays(firstDay, -due.daysBeforeStart));

/**
 * The problem with a plan's terms as an admin writes them, or null: what the database checks
 * too, in words, so that a plan that cannot add up is never saved.
 */
export function termsProblem(terms: Pick<PlanTerms, "deposit" | "instalments">): string | null {
  const { deposit, instalments } = terms;
  if (instalments.length === 0) return "A plan has at least one instalment after the deposit.";
  if (instalments.at(-1)!.share !== null) return "The last instalment takes what is left: it has no share of its own.";
  if (instalments.slice(0, -1).some((i) => i.share === null)) return "Only the last instalment takes what is left.";
  const percents = [deposit, ...instalments.map((i) => i.share)].filter(
    (s): s is { percent: number } => s !== null && "percent" in s,
  );
  if (percents.reduce((sum, s) => sum + s.percent, 0) >= 100) {
    return "The deposit and the instalments before the last come to 100% or more: the last would have nothing left.";
  }
  const fixed = instalments.map((i) => i.due).filter((d): d is { date: string } => "date" in d);
  for (let i = 1; i < fixed.length; i++) {
    if (fixed[i]!.date <= fixed[i - 1]!.date) return "Fixed due days must come one after another.";
  }
  const before = instalments.map((i) => i.due).filter((d): d is { daysBeforeStart: number } => "daysBeforeStart" in d);
  for (let i = 1; i < before.length; i++) {
    if (before[i]!.daysBeforeStart >= before[i - 1]!.daysBeforeStart) {
      return "Instalments due before the first day must come one after another (fewer days before it each time).";
    }
  }
  return null;
}

/** Why the plan is not offered for these seats today, or null when it is. */
export function offerProblem(terms: PlanTerms, seats: readonly SeatInput[], today: string): string | null {
  if (seats.length === 0) return "There is nothing to pay for.";
  if (terms.classIds.length > 0 && seats.some((s) => !terms.classIds.includes(s.classId))) {
    return "This plan is not offered for every class in the cart.";
  }
  const total = seats.reduce((sum, s) => sum + s.priceCents, 0);
  if (total < terms.minOrderCents) return "This plan is for larger orders.";
  const earliest = seats.reduce((min, s) => (s.firstDay < min ? s.firstDay : min), seats[0]!.firstDay);
  if (daysBetween(today, earliest) < terms.cutoffDays) {
    return `This plan is offered only when camp starts at least ${terms.cutoffDays} days from today.`;
  }
  for (const seat of seats) {
    for (const { due } of terms.instalments) {
      if (dueDay(due, seat.firstDay) >= seat.firstDay) {
        return "A payment of this plan would fall on or after a class's first day.";
      }
    }
  }
  return null;
}

/** The schedule of a plan for these seats, as of `today`; or why the plan is not offered. */
export function planSchedule(terms: PlanTerms, seats: readonly SeatInput[], today: string): ScheduleAnswer {
  const problem = termsProblem(terms) ?? offerProblem(terms, seats, today);
  if (problem) return { ok: false, reason: problem };
  const byDay = new Map<string, Map<string, number>>();
  const add = (day: string, key: string, cents: number) => {
    if (cents === 0) return;
    const seatsThatDay = byDay.get(day) ?? new Map<string, number>();
    seatsThatDay.set(key, (seatsThatDay.get(key) ?? 0) + cents);
    byDay.set(day, seatsThatDay);
  };
  for (const seat of seats) {
    const price = seat.priceCents + (seat.aidCents ?? 0);
    let left = price;
    const deposit = shareOf(terms.deposit, price, left);
    left -= deposit;
    const parts = [{ day: today, cents: deposit }];
    terms.instalments.forEach(({ due, share }, index) => {
      const last = index === terms.instalments.length - 1;
      const cents = last || share === null ? left : shareOf(share, price, left);
      left -= cents;
      const day = dueDay(due, seat.firstDay);
      parts.push({ day: day <= today ? today : day, cents });
    });
    let aid = seat.aidCents ?? 0;
    for (const part of parts) {
      const paidByAid = Math.min(aid, part.cents);
      aid -= paidByAid;
      add(part.day, seat.key, part.cents - paidByAid);
    }
  }
  const days = [...byDay.keys()].sort();
  if (days[0] !== today) days.unshift(today);
  const parts = days.map((day) => {
    const seatParts = [...(byDay.get(day) ?? new Map<string, number>())].map(([key, cents]) => ({ key, cents }));
    return {
      due: day,
      deposit: day === today,
      totalCents: seatParts.reduce((sum, s) => sum + s.cents, 0),
      seats: seatParts,
    };
  });
  return { ok: true, parts };
}
