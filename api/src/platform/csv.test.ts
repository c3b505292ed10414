import { describe, expect, it } from "vitest";
import { csvCell, csvRows } from "./csv.js";

/**
 * How a spreadsheet reads a CSV line: split on the separator it was told to use, keeping quoted
 * cells whole. A cell (or, once split again on `;` or `,`, a part of one) that starts with a formula
 * character runs as a formula; the writer must leave none that do.
 */
function spreadsheetCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Every piece a reader could end up with: the whole line split on `,` or `;`, or a cell split on any separator. */
function pieces(line: string): string[] {
  const cells = [...line.split(";"), ...line.split(","), ...line.split("\t"), ...spreadsheetCells(line, ",")];
  return cells.flatMap((c) => [c, ...c.split(/[;,\t\r\n|]/)]).map((p) => p.replace(/^[" ]+/, ""));
}

const FORMULA_START = /^[=+\-@\t\r]/;

const HOSTILE = [
  "=1+1",
  "+1 555 0100",
  "-2+3",
  "@SUM(A1:A2)",
  "\t=cmd",
  "\r=cmd",
  "mom;=cmd|' /C calc'!A0;",
  "Ana (mom;=cmd|' /C calc'!A0;) +1 555 0100",
  'Ana (mother) +1 555 0100; =HYPERLINK("http://x")',
  "a,=1+1",
  "a, +1",
  "a;@x",
  "a\t-1",
  "a\n=1",
  "a|=1",
  'say "hi"',
];

describe("CSV cells", () => {
  it("quotes every cell, doubling the quotes inside", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("")).toBe('""');
    expect(csvCell("9")).toBe('"9"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(
      csvRows([
        ["a", "b,c"],
        ["d", "e\r\nf"],
      ]),
    ).toBe('"a","b,c"\r\n"d","e\r\nf"\r\n');
  });

  it("keeps harmless text as it was", () => {
    expect(spreadsheetCells(csvCell("Ana Rivera (mother) +1 555 0100; Luis (grandfather) 555"), ",")).toEqual([
      "Ana Rivera (mother) +1 555 0100; Luis (grandfather) 555",
    ]);
    expect(spreadsheetCells(csvCell("2026-01-01T00:00:00.000Z"), ",")).toEqual(["2026-01-01T00:00:00.000Z"]);
  });

  it.each(HOSTILE)("leaves no part of %j that a spreadsheet would run as a formula", (value) => {
    const line = csvRows([["name", value, "tail"]]).trimEnd();
    for (const piece of pieces(line)) expect(piece, `${JSON.stringify(piece)} in ${line}`).not.toMatch(FORMULA_START);
    // The text itself is all still there, behind the marks that make it text.
    expect(spreadsheetCells(line, ",")[1]!.replace(/'(?=[=+\-@\t\r])/g, "")).toBe(value);
  });

  it("marks a formula at the start of a cell and at the start of each joined part", () => {
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("mom;=cmd|' /C calc'!A0;")).toBe(`"mom;'=cmd|' /C calc'!A0;"`);
    expect(csvCell("a; -1, @b")).toBe(`"a; '-1, '@b"`);
  });
});
