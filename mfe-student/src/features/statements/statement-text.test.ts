import { describe, expect, it } from "vitest";
import {
  academyYear,
  attendedText,
  chooseYear,
  dayText,
  howText,
  money,
  moneyBack,
  statementFilename,
  statementName,
  type StatementSeat,
} from "./statement-text";

const seat = (extra: Partial<StatementSeat> = {}): StatementSeat => ({
  className: "Soccer Week 1",
  firstDay: "2027-07-05",
  lastDay: "2027-07-09",
  daysAttended: [],
  ...extra,
});

describe("a statement's money", () => {
  it("is dollars from whole cents, with thousands and two decimals", () => {
    expect(money(123_450)).toBe("$1,234.50");
    expect(money(5)).toBe("$0.05");
    expect(money(0)).toBe("$0.00");
  });

  it("below nothing takes a true minus sign (a refund of last year's payment)", () => {
    expect(money(-2_000)).toBe("−$20.00");
  });

  it("given back is taken off, and nothing given back is not “−$0.00”", () => {
    expect(moneyBack(2_000)).toBe("−$20.00");
    expect(moneyBack(0)).toBe("$0.00");
  });
});

describe("a statement's days", () => {
  it("are calendar days in words, the same in any browser's zone", () => {
    expect(dayText("2026-06-05")).toBe("June 5, 2026");
    // At midnight UTC this is still 31 December west of Greenwich: read at UTC, it stays 1 January.
    expect(dayText("2026-01-01")).toBe("January 1, 2026");
  });

  it("name the days a child attended, one or many", () => {
    expect(attendedText(seat({ daysAttended: ["2027-07-05", "2027-07-06"] }))).toBe("2 days attended: Jul 5, Jul 6");
    expect(attendedText(seat({ daysAttended: ["2027-07-09"] }))).toBe("1 day attended: Jul 9");
  });

  it("give the class's dates when no day was kept", () => {
    expect(attendedText(seat())).toBe("Enrolled Jul 5 to Jul 9, 2027");
    expect(attendedText(seat({ firstDay: "2026-12-28", lastDay: "2027-01-03" }))).toBe(
      "Enrolled Dec 28, 2026 to Jan 3, 2027",
    );
    expect(attendedText(seat({ lastDay: "2027-07-05" }))).toBe("Enrolled Jul 5, 2027");
    expect(attendedText(seat({ firstDay: null, lastDay: null }))).toBe("Enrolled (no dates)");
  });

  it("read a payment's instant on the academy's calendar (Portland)", () => {
    // 05:00 UTC on 1 January is still the evening of 31 December at the academy.
    expect(academyYear("2026-01-01T05:00:00.000Z")).toBe(2025);
    expect(academyYear("2026-01-01T09:00:00.000Z")).toBe(2026);
    expect(academyYear("not a date")).toBeNull();
  });
});

describe("the year shown first", () => {
  const years = [2026, 2025, 2024, 2023, 2022];

  it("is the newest ended year the family paid in", () => {
    expect(chooseYear(years, [2026, 2025], null)).toBe(2026);
    // Nothing paid last year: the year with the payments comes first, not an empty statement.
    expect(chooseYear(years, [2027, 2024, 2023], null)).toBe(2024);
  });

  it("is the newest ended year when the family paid in none of them", () => {
    expect(chooseYear(years, [], null)).toBe(2026);
    expect(chooseYear(years, [2027], null)).toBe(2026);
  });

  it("is the family's own pick while the list has it", () => {
    expect(chooseYear(years, [2026], 2023)).toBe(2023);
    expect(chooseYear(years, [2025], 2019)).toBe(2025);
  });

  it("is none when no year has ended", () => {
    expect(chooseYear([], [2026], 2026)).toBeNull();
  });
});

describe("a statement's names", () => {
  it("say whose statement and which year", () => {
    expect(statementName("Mia", 2025)).toBe("Mia's statement for 2025");
  });

  it("start the way a table cell starts a sentence", () => {
    expect(howText("by cheque no. 1042")).toBe("By cheque no. 1042");
    expect(howText("")).toBe("");
  });

  it("name the PDF as the API does, or after the year and the child when its header is not shown", () => {
    expect(statementFilename(2025, "Mia", 'attachment; filename="statement-2025-Mia-Rivera.pdf"')).toBe(
      "statement-2025-Mia-Rivera.pdf",
    );
    expect(statementFilename(2025, "Mia Rivera", undefined)).toBe("statement-2025-Mia-Rivera.pdf");
    expect(statementFilename(2025, "  Zoë O'Neil!  ", "")).toBe("statement-2025-Zo-O-Neil.pdf");
    expect(statementFilename(2025, "李小龙", undefined)).toBe("statement-2025-child.pdf");
    // A header naming a path is not a file name: the page's own name is used.
    expect(statementFilename(2025, "Mia", 'attachment; filename="../evil.pdf"')).toBe("statement-2025-Mia.pdf");
  });
});
