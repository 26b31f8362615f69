import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRow } from "../../src/domain/csv.js";
import { parseCsv } from "../csv-reader.js";
import { CsvDocuments, parseDayRange } from "../../src/support/exchange-export.js";

describe("csvRow", () => {
  it("quotes every cell per RFC 4180 and ends rows in CRLF", () => {
    expect(csvRow(["a", "b c", ""])).toBe('"a","b c",""\r\n');
    expect(csvRow(['say "hi"', "x,y", "two\nlines", "cr\rhere"])).toBe('"say ""hi""","x,y","two\nlines","cr\rhere"\r\n');
  });

  it("gives every cell a spreadsheet would run as a formula a leading quote", () => {
    expect(csvRow(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "a=1", "1-2"])).toBe(
      `"'=1+1","'+1","'-1","'@SUM(A1)","'\tx","'\rx","a=1","1-2"\r\n`,
    );
  });

  it("keeps a memo with a semicolon one cell of text where a spreadsheet splits on semicolons", () => {
    const row = csvRow(["ab12", "x;=1+1", "ETH"]);
    expect(row).toBe(`"ab12","x;=1+1","ETH"\r\n`);
    // A spreadsheet of a `;` locale splits outside quotes only: the row stays one field, and no
    // field starts with "=".
    const fields = row.trimEnd().split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(fields).toEqual([`"ab12","x;=1+1","ETH"`]);
  });

  it("reads back as written, formula starts aside, whatever the text", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 6 }), (cells) => {
        const [row, ...rest] = parseCsv(csvRow(cells));
        expect(rest).toEqual([]);
        expect(row).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseDayRange", () => {
  it("takes one day or two in order, both included, UTC", () => {
    expect(parseDayRange("2026-11-01 2026-11-30")).toEqual({
      from: new Date("2026-11-01T00:00:00Z"),
      to: new Date("2026-12-01T00:00:00Z"),
    });
    expect(parseDayRange(" 2026-02-28 ")).toEqual({ from: new Date("2026-02-28T00:00:00Z"), to: new Date("2026-03-01T00:00:00Z") });
  });

  it("refuses what is not two real days in order, or more than a year apart", () => {
    for (const text of [
      "",
      "2026-11",
      "2026-02-30",
      "2026-13-01",
      "2026-11-30 2026-11-01",
      "2020-01-01 2026-01-01",
      "a b c",
      "2026-11-01 x",
    ])
      expect(parseDayRange(text), text).toBeUndefined();
  });
});

describe("CsvDocuments", () => {
  const RECORD = {
    userId: 1,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    from: "BTC",
    to: "ETH",
    amountFrom: "0.1",
    quotedAmountTo: "2",
    status: "waiting",
    depositAddress: "d".repeat(500),
    depositTag: "",
    destinationAddress: "e",
    destinationTag: "",
    refundAddress: "r",
    refundTag: "",
  };

  it("reads the records lazily, as the files are read", async () => {
    let read = 0;
    async function* records() {
      for (let i = 0; i < 1000; i++) {
        read++;
        await Promise.resolve();
        yield { ...RECORD, id: `x${i}` } as never;
      }
    }
    const files = new CsvDocuments(records(), 50_000_000);
    expect(await files.hasMore()).toBe(true);
    expect(read).toBe(1);
    const first = await files.part().next();
    expect(first.done).toBe(false);
    // One chunk of about 64 KiB, not the whole file.
    expect(read).toBeLessThan(1000);
    await files.close();
  });
});
