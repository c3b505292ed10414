/**
 * The one CSV writer for every file the site exports (rosters, newsletter subscribers).
 *
 * A spreadsheet runs a cell as a formula when it starts with = + - @ TAB or CR (OWASP "CSV
 * injection"). A cell can also be split again: opened with `;` as the separator, or a joined list
 * ("Ana (mother) +1 555; Luis ...") split into columns, so every part that starts after a
 * separator is a cell of its own to someone. Each such start gets a `'`, which makes it text.
 */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r"]);
/** What a spreadsheet or a reader may split a cell on; the exporters join lists with "; ". */
const SEPARATORS = new Set([";", ",", "|", "\t", "\r", "\n"]);

/** The value with a `'` before every formula character that starts the cell or a part of it. */
export function neutraliseFormulas(value: string): string {
  let out = "";
  let partStart = true;
  for (const ch of value) {
    if (partStart && FORMULA_START.has(ch)) out += "'";
    out += ch;
    // Spaces after a separator still leave the next character first in its part.
    if (SEPARATORS.has(ch)) partStart = true;
    else if (ch !== " ") partStart = false;
  }
  return out;
}

/**
 * One CSV cell, always quoted: a reader that splits on `;` (or any separator) then still keeps
 * the cell whole, and no formula starts it or any part of it.
 */
export function csvCell(value: string): string {
  return `"${neutraliseFormulas(value).replace(/"/g, '""')}"`;
}

/** Rows of cells as CSV text (CRLF line ends, as RFC 4180 writes them). */
export const csvRows = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** People to call in one cell: "Ana Parent (mother) +1 555 0100; Ben Parent (father) +1 555 0101". */
export const peopleCell = (list: readonly { name: string; relation: string; phone: string }[]) =>
  list.map((p) => `${p.name} (${p.relation}) ${p.phone}`).join("; ");
