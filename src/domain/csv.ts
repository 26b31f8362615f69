/**
 * CSV cells and rows as RFC 4180 writes them, safe to open in a spreadsheet.
 *
 * - **Quoting**: a cell that holds a comma, a double quote, CR or LF is put in double quotes, with
 *   each double quote doubled; rows end in CRLF.
 * - **Formula injection**: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and
 *   some also after a leading tab or CR) as a formula. Every cell of an export holds text an
 *   outsider chose (an address, a tag, a service's transaction id), so such a cell gets a leading
 *   `'`, which the spreadsheet shows as text and does not evaluate (the OWASP advice).
 */

/** First characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that need the cell quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised against formulas, then quoted when it must be. */
function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row, CRLF-terminated. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
