import type { LineDiscount } from "../platform/database/schema.js";

/**
 * The pricing rule (decision 034), pure: no database, no clock. The same cart, day and
 * discounts always give the same cents.
 *
 * How discounts combine, in this order, on each line (a seat of one class for one camper):
 *   1. the early-bird price, when the class has one and today (academy calendar) is on or before
 *      its last day: the line starts from it instead of the full price;
 *   2. the better of the sibling and the multi-class discounts (never both): the sibling percent
 *      on every seat of the family's second and further campers (the first camper is the one whose
 *      seats cost the most, so the family gets the larger saving), the multi-class percent on
 *      every seat when the order holds N seats or more;
 *   3. the promo code, on the lines it is for: its percent of what is left of each line, or its
 *      fixed amount shared between those lines in proportion to what is left of each;
 *   4. financial aid (decision 050), on the seats of the camper it was awarded to in classes of its
 *      season: its percent of what is left of each seat, or all of it, until the award is used up,
 *      seats taken in the cart's order. It comes last so that it pays what the family would pay.
 *
 * Rounding, one rule: every discount is computed per line in integer cents and rounded down to
 * the whole cent (a discount is never more than its percent says, and no line goes below 0); a fixed amount
 * shared between lines gives the cents left over by rounding to the largest lines first, so the
 * shares add up to the amount exactly. A line's paid price is its full price minus its discounts;
 * the order's total is the sum of its lines' paid prices, nothing else.
 */

export interface LineInput {
  /** The caller's id for the line (a cart item). */
  key: string;
  classId: string;
  camperId: string;
  className: string;
  sport: string | null;
  /** The class's full price. */
  priceCents: number;
  earlyPriceCents: number | null;
  /** The early-bird price's last day, YYYY-MM-DD (academy calendar). */
  earlyPriceUntil: string | null;
  /** The class's first day, YYYY-MM-DD: its season (year) is the one aid is awarded for. */
  firstDay?: string | null;
}

/** What is left of a camper's financial-aid award, as step 4 reads it. */
export interface AidCredit {
  applicationId: string;
  camperId: string;
  /** The camp year it was awarded for: it pays for seats of classes starting that year. */
  season: number;
  /** The percent of each seat it pays; null: the whole seat, while the award lasts. */
  percent: number | null;
  leftCents: number;
}

/** What an award paid of one line. */
export interface AidUse {
  key: string;
  classId: string;
  camperId: string;
  applicationId: string;
  cents: number;
}

export interface FamilyDiscount {
  id: string;
  name: string;
  percentOff: number;
}

export interface MultiClassDiscount extends FamilyDiscount {
  minSeats: number;
}

export interface PromoCode {
  id: string;
  code: string;
  name: string;
  percentOff: number | null;
  amountOffCents: number | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerFamily: number | null;
  classIds: string[];
  sports: string[];
  minOrderCents: number;
  paused: boolean;
}

export interface PricingInput {
  /** Today on the academy's calendar, YYYY-MM-DD. */
  today: string;
  lines: LineInput[];
  sibling?: FamilyDiscount | null;
  multiClass?: MultiClassDiscount | null;
  /** The code typed, found, with how many orders use it (all families, and this one). */
  code?: { discount: PromoCode; usesTotal: number; usesByFamily: number } | null;
  /** The family's campers' awards with something left (at most one per camper and season). */
  aid?: readonly AidCredit[];
}

export interface PricedLine {
  key: string;
  classId: string;
  camperId: string;
  className: string;
  /** The class's full price. */
  listCents: number;
  discounts: LineDiscount[];
  /** What the family pays for the line: full price minus its discounts. */
  paidCents: number;
}

export interface CodeResult {
  code: string;
  name: string;
  /** What the code does ("10% off", "$20.00 off"), in plain words. */
  summary: string;
  applied: boolean;
  /** Why it cannot apply (when not applied). */
  reason: string | null;
  /** What it takes off this order, in cents. */
  cents: number;
}

export interface Quote {
  lines: PricedLine[];
  /** Sum of the full prices. */
  subtotalCents: number;
  /** Sum of every discount of every line. */
  discountCents: number;
  /** Sum of the lines' paid prices. */
  totalCents: number;
  code: CodeResult | null;
  /** What financial aid paid, line by line (each also a discount of kind "aid" on its line). */
  aidUses: AidUse[];
}

/** What financial aid paid of a priced line. */
export const aidOf = (line: Pick<PricedLine, "discounts">) =>
  line.discounts.filter((d) => d.kind === "aid").reduce((sum, d) => sum + d.cents, 0);

/** The name families read on a line that aid paid part of. */
export const AID_LINE_NAME = "Financial aid";

export const money = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "1 June" (with the year when it is not this year's), from YYYY-MM-DD. */
export function dayInWords(day: string, today: string): string {
  const [year, month, date] = day.split("-").map(Number);
  const words = `${date} ${MONTHS[(month ?? 1) - 1]}`;
  return day.slice(0, 4) === today.slice(0, 4) ? words : `${words} ${year}`;
}

/** Percent of an amount in cents, rounded down to the cent (the one rounding rule). */
export const percentOf = (cents: number, percent: number) => Math.floor((cents * percent) / 100);

export function codeSummary(code: Pick<PromoCode, "percentOff" | "amountOffCents">): string {
  return code.percentOff !== null ? `${code.percentOff}% off` : `${money(code.amountOffCents ?? 0)} off`;
}

const codeIsFor = (code: PromoCode, line: LineInput) =>
  (code.classIds.length === 0 && code.sports.length === 0) ||
  code.classIds.includes(line.classId) ||
  (line.sport !== null && code.sports.includes(line.sport));

/**
 * Why a code cannot be used on this order, in the family's words; null when it can. `beforeCode`
 * is the order's total after early-bird and family discounts (the minimum order is checked on it).
 */
export function codeProblem(
  input: NonNullable<PricingInput["code"]>,
  lines: LineInput[],
  beforeCode: number,
  today: string,
): string | null {
  const { discount: code, usesTotal, usesByFamily } = input;
  if (code.paused) return "This code is not in use at the moment.";
  if (code.validFrom !== null && today < code.validFrom) {
    return `This code can be used from ${dayInWords(code.validFrom, today)}.`;
  }
  if (code.validUntil !== null && today > code.validUntil) {
    return `This code expired on ${dayInWords(code.validUntil, today)}.`;
  }
  if (code.maxUsesPerFamily !== null && usesByFamily >= code.maxUsesPerFamily) {
    return code.maxUsesPerFamily === 1
      ? "You have already used this code."
      : `You have already used this code ${code.maxUsesPerFamily} times, its limit per family.`;
  }
  if (code.maxUses !== null && usesTotal >= code.maxUses) return "This code has been used up.";
  if (!lines.some((line) => codeIsFor(code, line))) {
    return lines.length === 1 ? "This code is not for this class." : "This code is not for these classes.";
  }
  if (beforeCode < code.minOrderCents) {
    return `This code needs an order of at least ${money(code.minOrderCents)} (yours comes to ${money(beforeCode)}).`;
  }
  return null;
}

/** Shares `amount` between `bases` in proportion, rounded down, the cents left over to the largest first. */
export function shareProportionally(amount: number, bases: number[]): number[] {
  const sum = bases.reduce((a, b) => a + b, 0);
  if (sum === 0) return bases.map(() => 0);
  const take = Math.min(amount, sum);
  const shares = bases.map((base) => Math.floor((take * base) / sum));
  let left = take - shares.reduce((a, b) => a + b, 0);
  const order = bases.map((base, i) => ({ base, i })).sort((x, y) => y.base - x.base || x.i - y.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < bases[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** A class's prices, as step 1 of the rule reads them. */
export type ClassPrices = Pick<LineInput, "priceCents" | "earlyPriceCents" | "earlyPriceUntil">;

/**
 * Step 1 of the rule alone: what a seat of this class starts from on `today` (academy calendar),
 * and until which day that holds (the early-bird price's last day; null: the full price, which
 * holds from then on). The class lists say it to families (price_today), so what a card shows is
 * what the checkout starts from that day, by this same function.
 */
export function priceOn(prices: ClassPrices, today: string): { cents: number; until: string | null } {
  const { priceCents, earlyPriceCents, earlyPriceUntil } = prices;
  if (
    earlyPriceCents !== null &&
    earlyPriceUntil !== null &&
    today <= earlyPriceUntil &&
    earlyPriceCents < priceCents
  ) {
    return { cents: earlyPriceCents, until: earlyPriceUntil };
  }
  return { cents: priceCents, until: null };
}

/** Prices an order by the rule above. */
export function priceOrder(input: PricingInput): Quote {
  const { today, lines, sibling, multiClass } = input;
  const priced: PricedLine[] = [];
  const base = new Map<string, number>();

  // 1. Early-bird prices.
  for (const line of lines) {
    const discounts: LineDiscount[] = [];
    const start = priceOn(line, today);
    const cents = start.cents;
    if (start.until !== null) {
      discounts.push({
        kind: "early_bird",
        name: `Early-bird price until ${dayInWords(start.until, today)}`,
        cents: line.priceCents - cents,
      });
    }
    base.set(line.key, cents);
    priced.push({
      key: line.key,
      classId: line.classId,
      camperId: line.camperId,
      className: line.className,
      listCents: line.priceCents,
      discounts,
      paidCents: cents,
    });
  }

  // 2. The better of sibling and multi-class, per line.
  const byCamper = new Map<string, number>();
  for (const line of priced) byCamper.set(line.camperId, (byCamper.get(line.camperId) ?? 0) + line.paidCents);
  const first = [...byCamper.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  const multi = multiClass && lines.length >= multiClass.minSeats ? multiClass : null;
  for (const line of priced) {
    const siblingHere = sibling && byCamper.size > 1 && line.camperId !== first ? sibling : null;
    const best =
      siblingHere && multi
        ? siblingHere.percentOff >= multi.percentOff
          ? siblingHere
          : multi
        : (siblingHere ?? multi);
    if (!best) continue;
    const cents = percentOf(line.paidCents, best.percentOff);
    if (cents === 0) continue;
    line.discounts.push({ kind: best === siblingHere ? "sibling" : "multi_class", name: best.name, cents });
    line.paidCents -= cents;
  }

  // 3. The promo code.
  let code: CodeResult | null = null;
  if (input.code) {
    const promo = input.code.discount;
    const beforeCode = priced.reduce((sum, line) => sum + line.paidCents, 0);
    const reason = codeProblem(input.code, lines, beforeCode, today);
    code = { code: promo.code, name: promo.name, summary: codeSummary(promo), applied: false, reason, cents: 0 };
    if (reason === null) {
      const eligible = priced.filter((_, i) => codeIsFor(promo, lines[i]!));
      const takes =
        promo.percentOff !== null
          ? eligible.map((line) => percentOf(line.paidCents, promo.percentOff!))
          : shareProportionally(
              promo.amountOffCents ?? 0,
              eligible.map((line) => line.paidCents),
            );
      eligible.forEach((line, i) => {
        const cents = takes[i]!;
        if (cents === 0) return;
        line.discounts.push({ kind: "code", name: `${promo.name} (${promo.code})`, cents });
        line.paidCents -= cents;
      });
      code.applied = true;
      code.cents = takes.reduce((a, b) => a + b, 0);
    }
  }

  // 4. Financial aid, each award on its own camper's seats of its season.
  const aidUses: AidUse[] = [];
  const left = new Map((input.aid ?? []).map((award) => [award, award.leftCents]));
  priced.forEach((line, i) => {
    const season = Number(lines[i]!.firstDay?.slice(0, 4));
    const award = (input.aid ?? []).find((a) => a.camperId === line.camperId && a.season === season);
    if (!award) return;
    const wanted = award.percent === null ? line.paidCents : percentOf(line.paidCents, award.percent);
    const cents = Math.min(wanted, left.get(award)!);
    if (cents <= 0) return;
    left.set(award, left.get(award)! - cents);
    line.discounts.push({ kind: "aid", name: AID_LINE_NAME, cents });
    line.paidCents -= cents;
    aidUses.push({
      key: line.key,
      classId: line.classId,
      camperId: line.camperId,
      applicationId: award.applicationId,
      cents,
    });
  });

  const subtotalCents = priced.reduce((sum, line) => sum + line.listCents, 0);
  const totalCents = priced.reduce((sum, line) => sum + line.paidCents, 0);
  return { lines: priced, subtotalCents, discountCents: subtotalCents - totalCents, totalCents, code, aidUses };
}

/** The rule as families read it (the cart and payment pages show it). */
export const PRICING_RULE_IN_WORDS =
  "How discounts add up: each seat starts from its early-bird price while it lasts; then the better of the sibling and the multi-class discounts (never both); then your promo code; last, financial aid, on the seats of the child it was awarded to. Each discount is worked out per seat and rounded down to the cent, and the total is the sum of the seats.";
