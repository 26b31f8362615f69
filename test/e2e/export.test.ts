/**
 * /export end to end: the real app against the sandbox exchange and the Bot API emulator. The CSV
 * files are read back from the bytes the emulator received and parsed with a small RFC 4180
 * reader, the way a spreadsheet opens them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { EXPORT_COLUMNS } from "../../src/support/exchange-export.js";
import type { BotMessage } from "../../src/devtools/emulator/types.js";
import { startHarness, type Harness } from "./harness.js";
import { finishedDaysAgo, openExchange, type TestUser } from "./fixtures.js";
import { parseCsv } from "../csv-reader.js";

const ADMIN_ID = 9001;
const DAY = 86_400_000;

/** A finished exchange of `user`, created `daysAgo` days ago, with its own deposit and payout. */
function finished(user: { id: number }, id: string, daysAgo: number, extra: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return finishedDaysAgo(user.id, id, daysAgo, {
    refundAddress: "bc1qrefund",
    depositAddress: `bc1qdeposit${id}`,
    txId: `0xpayout${id}`,
    ...extra,
  });
}

/** The CSV documents among `messages`, parsed; the header row is checked and left out. */
function csvRows(messages: BotMessage[]): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = [];
  for (const m of messages) {
    if (m.document === undefined) continue;
    expect(m.document.mime_type).toBe("text/csv");
    const [header, ...rows] = parseCsv(m.document.bytes.toString("utf8"));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    for (const cells of rows) {
      expect(cells).toHaveLength(EXPORT_COLUMNS.length);
      out.push(Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, cells[i] as string])));
    }
  }
  return out;
}

describe("/export, end to end", () => {
  let h: Harness;
  let admin: TestUser;
  let ada: TestUser;
  let bob: TestUser;

  async function start(env: Record<string, string> = {}) {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000", ...env } });
    admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", username: "sam_support", language_code: "en" });
    ada = h.emulator.user({ id: 3001, first_name: "Ada", username: "ada_l", language_code: "en" });
    bob = h.emulator.user({ id: 3002, first_name: "Bob", username: "bob_b", language_code: "en" });
    for (const who of [admin, ada, bob]) {
      who.sendText("/start");
      await h.emulator.waitFor(() => who.chat.messages().length > 0);
    }
  }
  afterEach(async () => {
    await h.close();
  });

  /** Sends `text` and waits until the bot's answer that matches `done` arrives; returns every message since. */
  async function ask(who: TestUser, text: string, done: RegExp): Promise<BotMessage[]> {
    const since = who.chat.messages().length;
    who.sendText(text);
    await h.emulator.waitFor(() =>
      who.chat
        .messages()
        .slice(since)
        .some((m) => done.test(m.plain)),
    );
    return who.chat.messages().slice(since);
  }

  describe("with the default file size", () => {
    beforeEach(() => start());

    it("sends a person exactly their exchanges, archived ones included, quoted and safe to open", async () => {
      const hostile = finished(ada, "adaHostile1", 1, {
        destinationTag: '=HYPERLINK("http://evil.example","click")',
        refundTag: 'a,"b"\nc',
        depositTag: "@SUM(A1:A9)",
        txId: "+cmd|' /C calc'!A0",
        refundAddress: "-2+3",
      });
      await h.app.store.exchanges.insert(hostile);
      const old = await h.app.store.exchanges.insert(finished(ada, "adaOld45", 45));
      await h.app.store.exchanges.insert(finished(bob, "bobOnly1", 1));
      const open = await openExchange(h, ada);
      expect((await h.app.archiver.runNow()).archived).toBe(1);
      expect(await h.app.store.exchanges.get(old.id)).toBeUndefined();

      const answers = await ask(ada, "/export", /Export done/);
      expect(answers.at(-1)?.plain).toBe("Export done: 3 exchanges in 1 file.");
      const doc = answers.find((m) => m.document !== undefined);
      expect(doc?.document?.file_name).toMatch(/^my-exchanges-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(doc?.caption).toBe("Exchanges, CSV, file 1");
      const rows = csvRows(answers);
      // Newest first: the open one, the hostile one, the archived one. Bob's is not there.
      expect(rows.map((r) => r.exchange_id)).toEqual([open.id, hostile.id, old.id]);
      expect(rows.every((r) => r.user_id === String(ada.id))).toBe(true);

      const h1 = rows[1] as Record<string, string>;
      // Formula starts get a leading ' (shown as text, never run); quotes, commas and line breaks survive quoting.
      expect(h1.destination_tag).toBe(`'${hostile.destinationTag}`);
      expect(h1.deposit_tag).toBe(`'${hostile.depositTag}`);
      expect(h1.payout_tx).toBe(`'${hostile.txId as string}`);
      expect(h1.refund_address).toBe("'-2+3");
      expect(h1.refund_tag).toBe('a,"b"\nc');
      expect(h1).toMatchObject({
        created_at: hostile.createdAt,
        from: "BTC",
        to: "ETH",
        amount_sent: "0.5",
        amount_quoted: "7.5",
        amount_received: "7.4",
        status: "success",
        deposit_address: hostile.depositAddress,
        destination_address: hostile.destinationAddress,
        updated_at: hostile.updatedAt,
      });
      const archived = rows[2] as Record<string, string>;
      expect(archived).toMatchObject({ exchange_id: old.id, payout_tx: old.txId, created_at: old.createdAt, status: "success" });
      const live = rows[0] as Record<string, string>;
      expect(live).toMatchObject({ status: "waiting_deposit", amount_received: "", payout_tx: "", deposit_address: open.depositAddress });

      // A closing-note sample: the file as a CSV reader opens it.
      console.info(
        `[export sample] ${doc?.document?.file_name}\n${doc?.document?.bytes.toString("utf8").split("\r\n").slice(0, 3).join("\n")}`,
      );
      console.info(`[export sample parsed] ${JSON.stringify(h1)}`);
    });

    it("gives support every exchange of a range of days, anyone's; refuses a range to anyone else", async () => {
      await h.app.store.exchanges.insert(finished(ada, "adaIn2", 2));
      await h.app.store.exchanges.insert(finished(bob, "bobIn3", 3));
      await h.app.store.exchanges.insert(finished(bob, "bobOld40", 40));
      await h.app.store.exchanges.insert(finished(ada, "adaOut50", 50));
      await h.app.store.exchanges.insert(finished(ada, "adaOut1", 1));
      expect((await h.app.archiver.runNow()).archived).toBe(2);
      const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

      // Forty days ago (archived) to three days ago, then two days ago alone.
      const first = await ask(admin, `/export ${dayOf(40)} ${dayOf(3)}`, /Export done/);
      const firstRows = csvRows(first);
      expect(firstRows.map((r) => r.exchange_id).sort()).toEqual(["bobIn3", "bobOld40"]);
      expect(first.find((m) => m.document)?.document?.file_name).toBe(`exchanges-${dayOf(40)}-to-${dayOf(3)}.csv`);
      const second = await ask(admin, `/export ${dayOf(2)}`, /Export done/);
      expect(csvRows(second).map((r) => r.exchange_id)).toEqual(["adaIn2"]);
      const none = await ask(admin, "/export 2001-01-01 2001-01-31", /No exchange was created/);
      expect(none.at(-1)?.plain).toBe("No exchange was created from 2001-01-01 to 2001-01-31.");
      const bad = await ask(admin, "/export 2026-13-01", /range of days/);
      expect(bad.some((m) => m.document)).toBe(false);

      const documentsBefore = h.emulator.callsOf("sendDocument").length;
      const refused = await ask(bob, `/export ${dayOf(40)} ${dayOf(1)}`, /takes nothing after it/);
      expect(refused.map((m) => m.plain)).toEqual(["/export takes nothing after it: it sends your own exchanges. Send just /export."]);
      expect(h.emulator.callsOf("sendDocument")).toHaveLength(documentsBefore);
      expect(h.logs.some((l) => l.includes("not support; refused"))).toBe(true);
    });
  });

  it("is in the menu and /help; in a group it sends nothing and points to the private chat", async () => {
    await start();
    const menu = h.emulator.callsOf("setMyCommands").find((c) => (c.params as { language_code?: string }).language_code === undefined);
    expect(JSON.stringify(menu?.params)).toContain('"command":"export"');
    const help = await ask(ada, "/help", /\/export/);
    expect(help.at(-1)?.plain).toContain("/export sends you every exchange you made as a CSV file");
    await h.app.store.exchanges.insert(finished(ada, "adaGroup1", 1));
    const group = h.emulator.group({ id: -100950, title: "Traders" });
    const since = group.chat.messages().length;
    ada.sendText("/export", { chat: group });
    await h.emulator.waitFor(() => group.chat.messages().length > since);
    expect(group.chat.messages().map((m) => m.plain)).toEqual([
      "The export lists your addresses: send /export in your private chat with the bot.",
    ]);
    expect(h.emulator.callsOf("sendDocument")).toHaveLength(0);
  });

  it("paces a person: three exports in a row, then a polite refusal with no file; support is not counted", async () => {
    await start();
    await h.app.store.exchanges.insert(finished(ada, "adaPace1", 1));
    for (let i = 0; i < 3; i++) await ask(ada, "/export", /Export done/);
    const refused = await ask(ada, "/export", /try again in a few minutes/);
    expect(refused.filter((m) => m.document !== undefined)).toEqual([]);
    expect(h.emulator.callsOf("sendDocument")).toHaveLength(3);
    for (let i = 0; i < 4; i++) await ask(admin, "/export", /Export done|You have no exchanges/);
  });

  it("splits a long export into files within the size limit, each with the header row", async () => {
    await start({ EXPORT_FILE_BYTES: "10000" });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const id = `ada${String(i).padStart(3, "0")}`;
      ids.push(id);
      await h.app.store.exchanges.insert(finished(ada, id, 1 + i / 100));
    }
    const answers = await ask(ada, "/export", /Export done/);
    const files = answers.filter((m) => m.document !== undefined);
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) expect(f.document?.bytes.length).toBeLessThanOrEqual(10_000);
    files.forEach((f, i) =>
      expect(f.document?.file_name).toMatch(new RegExp(`^my-exchanges-[\\d-]{10}${i === 0 ? "" : `-${i + 1}`}\\.csv$`)),
    );
    expect(csvRows(answers).map((r) => r.exchange_id)).toEqual(ids);
    expect(answers.at(-1)?.plain).toBe(`Export done: 60 exchanges in ${files.length} files.`);
  });
});
