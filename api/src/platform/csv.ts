/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as CSV text (CRLF line ends, as RFC 4180 writes them). */
export const csvRows = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
