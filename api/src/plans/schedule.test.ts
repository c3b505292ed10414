import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  offerProblem,
  planSchedule,
  termsProblem,
  type PlanTerms,
  type SeatInput,
} from "./schedule.js";

// Pure functions given "today" as an argument: fixed days here cannot expire.
const TODAY = "2027-02-10";

const seat = (key: string, priceCents: number, firstDay = "2027-07-05", classId = "class-a"): SeatInput => ({
  key,
  classId,
  priceCents,
  firstDay,
});

const plan = (extra: Partial<PlanTerms> = {}): PlanTerms => ({
  deposit: { percent: 25 },
  instalments: [
    { due: { date: "2027-04-01" }, share: { percent: 25 } },
    { due: { daysBeforeStart: 30 }, share: null },
  ],
  cutoffDays: 21,
  classIds: [],
  minOrderCents: 0,
  ...extra,
});

const scheduleOf = (terms: PlanTerms, seats: SeatInput[], today = TODAY) => {
  const answer = planSchedule(terms, seats, today);
  if (!answer.ok) throw new Error(answer.reason);
  return answer.parts;
};

describe("a plan's schedule", () => {
  it("splits a seat into the deposit today and its instalments, the last taking the rest", () => {
    expect(scheduleOf(plan(), [seat("s1", 45_001)])).toEqual([
      { due: TODAY, deposit: true, totalCents: 11_250, seats: [{ key: "s1", cents: 11_250 }] },
      { due: "2027-04-01", deposit: false, totalCents: 11_250, seats: [{ key: "s1", cents: 11_250 }] },
      { due: "2027-06-05", deposit: false, totalCents: 22_501, seats: [{ key: "s1", cents: 22_501 }] },
    ]);
  });

  it("takes a seat's financial aid from its deposit first, then its instalments in turn", () => {
    // 450.01 before aid: 112.50 + 112.50 + 225.01; aid of 150.00 pays the deposit and 37.50 of the next.
    const parts = scheduleOf(plan(), [{ ...seat("s1", 30_001), aidCents: 15_000 }]);
    expect(parts.map((p) => [p.due, p.totalCents])).toEqual([
      [TODAY, 0],
      ["2027-04-01", 7_500],
      ["2027-06-05", 22_501],
    ]);
    expect(parts.reduce((sum, p) => sum + p.totalCents, 0)).toBe(30_001);
    // A smaller aid leaves part of the deposit to pay today.
    expect(scheduleOf(plan(), [{ ...seat("s1", 40_001), aidCents: 5_000 }])[0]!.totalCents).toBe(6_250);
  });

  it("dates days before the start from each seat's own class, and joins parts due the same day", () => {
    const parts = scheduleOf(plan(), [seat("a", 30_000, "2027-07-05"), seat("b", 20_000, "2027-08-02")]);
    expect(parts.map((p) => [p.due, p.totalCents])).toEqual([
      [TODAY, 12_500],
      ["2027-04-01", 12_500],
      ["2027-06-05", 15_000],
      ["2027-07-03", 10_000],
    ]);
    expect(parts[0]!.seats).toEqual([
      { key: "a", cents: 7_500 },
      { key: "b", cents: 5_000 },
    ]);
  });

  it("caps a deposit given as an amount at the seat's price, and leaves no empty parts", () => {
    const terms = plan({
      deposit: { amountCents: 10_000 },
      instalments: [{ due: { daysBeforeStart: 14 }, share: null }],
    });
    expect(scheduleOf(terms, [seat("cheap", 6_000), seat("dear", 50_000)])).toEqual([
      {
        due: TODAY,
        deposit: true,
        totalCents: 16_000,
        seats: [
          { key: "cheap", cents: 6_000 },
          { key: "dear", cents: 10_000 },
        ],
      },
      { due: "2027-06-21", deposit: false, totalCents: 40_000, seats: [{ key: "dear", cents: 40_000 }] },
    ]);
  });

  it("charges with the deposit an instalment whose day has already come", () => {
    const parts = scheduleOf(plan(), [seat("s1", 40_000)], "2027-04-20");
    expect(parts.map((p) => [p.due, p.deposit, p.totalCents])).toEqual([
      ["2027-04-20", true, 20_000],
      ["2027-06-05", false, 20_000],
    ]);
  });

  it("adds up to every seat's price to the cent, whatever the shares and prices", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const share = () => (random(2) ? { percent: 1 + random(30) } : { amountCents: 1 + random(40_000) });
      const count = 1 + random(4);
      const instalments = Array.from({ length: count }, (_, i) => ({
        due: { daysBeforeStart: 100 - i * 20 },
        share: i === count - 1 ? null : share(),
      }));
      const terms = plan({ deposit: share(), instalments });
      const seats = Array.from({ length: 1 + random(4) }, (_, i) => seat(`s${i}`, random(90_000), "2027-09-01"));
      const answer = planSchedule(terms, seats, "2027-03-01");
      if (!answer.ok) {
        expect(answer.reason).toMatch(/100% or more/);
        continue;
      }
      for (const s of seats) {
        const paid = answer.parts.flatMap((p) => p.seats).filter((x) => x.key === s.key);
        expect(paid.reduce((sum, x) => sum + x.cents, 0)).toBe(s.priceCents);
        expect(paid.every((x) => Number.isInteger(x.cents) && x.cents > 0)).toBe(true);
      }
      for (const part of answer.parts) expect(part.totalCents).toBe(part.seats.reduce((sum, x) => sum + x.cents, 0));
    }
  });
});

describe("when a plan is offered", () => {
  it("not when camp starts within the cut-off", () => {
    expect(offerProblem(plan({ cutoffDays: 21 }), [seat("s", 100, addDays(TODAY, 20))], TODAY)).toMatch(
      /at least 21 days from today/,
    );
    expect(
      offerProblem(
        plan({ cutoffDays: 21, instalments: [{ due: { daysBeforeStart: 7 }, share: null }] }),
        [seat("s", 100, addDays(TODAY, 21))],
        TODAY,
      ),
    ).toBeNull();
  });

  it("not for a class it is not for, nor for a smaller order than it asks", () => {
    expect(offerProblem(plan({ classIds: ["class-b"] }), [seat("s", 100)], TODAY)).toMatch(
      /not offered for every class/,
    );
    expect(offerProblem(plan({ minOrderCents: 50_000 }), [seat("s", 49_999)], TODAY)).toMatch(/larger orders/);
  });

  it("not when a payment would fall on or after a class's first day", () => {
    expect(offerProblem(plan(), [seat("s", 100, "2027-04-01")], TODAY)).toMatch(/on or after a class's first day/);
  });
});

describe("a plan's terms as an admin writes them", () => {
  it("refuses terms that cannot add up or come out of order", () => {
    expect(termsProblem({ deposit: { percent: 10 }, instalments: [] })).toMatch(/at least one instalment/);
    expect(
      termsProblem({ deposit: { percent: 10 }, instalments: [{ due: { date: "2027-05-01" }, share: { percent: 5 } }] }),
    ).toMatch(/last instalment takes what is left/);
    expect(
      termsProblem({
        deposit: { percent: 60 },
        instalments: [
          { due: { date: "2027-05-01" }, share: { percent: 40 } },
          { due: { date: "2027-06-01" }, share: null },
        ],
      }),
    ).toMatch(/100% or more/);
    expect(
      termsProblem({
        deposit: { percent: 10 },
        instalments: [
          { due: { daysBeforeStart: 10 }, share: { percent: 40 } },
          { due: { daysBeforeStart: 30 }, share: null },
        ],
      }),
    ).toMatch(/one after another/);
    expect(termsProblem(plan())).toBeNull();
  });
});

describe("calendar days", () => {
  it("count whole days across the changes of daylight saving time", () => {
    // Portland springs forward on 14 March 2027 and falls back on 7 November 2027.
    expect(addDays("2027-03-13", 1)).toBe("2027-03-14");
    expect(addDays("2027-03-15", -2)).toBe("2027-03-13");
    expect(addDays("2027-11-08", -30)).toBe("2027-10-09");
    expect(daysBetween("2027-03-01", "2027-04-01")).toBe(31);
    expect(daysBetween("2027-11-01", "2027-11-30")).toBe(29);
  });
});
