/**
 * CSV cells and rows as RFC 4180 writes them, safe to open in a spreadsheet.
 *
 * - **Quoting**: every cell is put in double quotes, with each double quote doubled; rows end in
 *   CRLF. Not only the cells RFC 4180 requires (a comma, a quote, CR, LF): in the locales of five
 *   of the bot's six languages a spreadsheet splits on `;`, so an unquoted memo `x;=1+1` would open
 *   as two cells, the second a formula. Inside quotes it stays one cell of text.
 * - **Formula injection**: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and
 *   some also after a leading tab or CR) as a formula. Every cell of an export holds text an
 *   outsider chose (an address, a tag, a service's transaction id), so such a cell gets a leading
 *   `'`, which the spreadsheet shows as text and does not evaluate (the OWASP advice).
 */

/** First characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formulas, then quoted. */
function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One row, CRLF-terminated. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
