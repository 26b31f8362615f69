/** A CSV reader for tests: what a spreadsheet does when it opens an export. */

/**
 * A minimal RFC 4180 reader: quoted cells with doubled quotes and line breaks inside, rows ending
 * in CRLF. Throws on what the RFC does not allow (a quote inside an unquoted cell, text after a
 * closing quote), so a malformed file fails the test.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unclosed quote");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text.charAt(i++);
      }
      if (i < text.length && text[i] !== "," && text.slice(i, i + 2) !== "\r\n") throw new Error(`text after a closing quote at ${i}`);
    } else {
      while (i < text.length && text[i] !== "," && text.slice(i, i + 2) !== "\r\n") {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted cell at ${i}`);
        if (text[i] === "\n" || text[i] === "\r") throw new Error(`a bare line break at ${i}`);
        cell += text.charAt(i++);
      }
    }
    row.push(cell);
    if (text[i] === ",") {
      i++;
    } else {
      if (text.slice(i, i + 2) !== "\r\n") throw new Error("a row must end in CRLF");
      i += 2;
      rows.push(row);
      row = [];
    }
  }
  return rows;
}
