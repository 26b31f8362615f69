/**
 * The whole bot on PostgreSQL (DATABASE_URL), end to end: an exchange made in the chat, from the
 * first message to the final notice, a flow that survives a restart half-way, and nothing left in
 * data files. The same emulator and sandbox as every e2e test; a real PostgreSQL server.
 */
import { readdir } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { exchangeInChatToSuccess, type TestUser } from "./fixtures.js";
import { testDatabase } from "../postgres/database.js";
import { parsePromText, sumOf } from "../ops/prom-text.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";

describe("the bot on PostgreSQL", () => {
  let h: Harness;
  let user: TestUser;
  let url: string;

  beforeEach(async () => {
    url = await testDatabase();
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", DATABASE_URL: url } });
    user = h.emulator.user({ id: 4101, first_name: "Pat", language_code: "en" });
    user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last());
  });
  afterEach(async () => {
    await h.close();
  });

  it("takes an exchange from the chat to its final notice, keeping everything in the database", async () => {
    expect(h.app.files).toBeUndefined();
    expect(h.app.store.kind).toBe("postgres");
    const { order } = await exchangeInChatToSuccess(h, user);

    // Read straight from the database, as another replica or support's SQL would see it.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ status: string; is_open: boolean; user_id: string }>(
        "SELECT record->>'status' AS status, is_open, user_id FROM exchanges WHERE id = $1",
        [order.id],
      );
      expect(rows).toEqual([{ status: "success", is_open: false, user_id: String(user.id) }]);
      const users = await client.query("SELECT id FROM users WHERE id = $1", [user.id]);
      expect(users.rowCount).toBe(1);
    } finally {
      await client.end();
    }
    // Nothing went to data files on the way.
    const files = await readdir(h.dataDir).catch(() => []);
    expect(files.filter((f) => f.endsWith(".json"))).toEqual([]);
    // Support finds it by its deposit address.
    expect((await h.app.store.lookup.find(order.depositAddress)).map((e) => e.id)).toEqual([order.id]);
    // Its statements are timed by kind; there is no data file to time.
    const metrics = parsePromText(await h.app.ops.metrics.render());
    expect(sumOf(metrics, "store_statement_duration_seconds_count", { kind: "write" })).toBeGreaterThan(0);
    expect(sumOf(metrics, "store_statement_duration_seconds_count", { kind: "read" })).toBeGreaterThan(0);
    expect(sumOf(metrics, "store_write_duration_seconds_count")).toBe(0);
  });

  it("reads the person's row once for a message in the middle of the flow", async () => {
    const chat = new ChatDriver(h, user);
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("0.1", "You get:");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.settle();
    const statements = await countStatements(async () => {
      const since = chat.mark();
      const sent = user.sendText(SAMPLE_ADDRESSES.ETH!);
      await chat.waitNew("refund address", since);
      await sent.handled;
    });
    // trackUser's upsertSeen reads it; the language (for the update and each context the flow's
    // replay builds) comes from that read, not from four more (store/users-per-update.ts).
    const userReads = statements.filter((s) => /FROM users WHERE id/.test(s.sql) && s.params.includes(user.id));
    expect(userReads).toHaveLength(1);
    expect(statements.length).toBeGreaterThan(userReads.length);
  });

  it("keeps a person's half-finished flow across a restart", async () => {
    const chat = new ChatDriver(h, user);
    const { card: confirm } = await chat.toConfirmationCard();
    await h.restart();
    const since = chat.mark();
    const sent = user.pressButton(confirm, "x:c:confirm");
    await chat.waitNew("Waiting for your deposit", since);
    await sent.handled;
    expect(h.sandbox.orders.list()).toHaveLength(1);
    expect(await h.app.store.exchanges.count()).toBe(1);
  });
});

/**
 * The statements every connection of this process sends to PostgreSQL while `work` runs (the app
 * runs in the test's process, on the same `pg` module): every one is a round trip.
 */
async function countStatements(work: () => Promise<void>): Promise<Array<{ sql: string; params: unknown[] }>> {
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [sql, params] = args;
    seen.push({
      sql: typeof sql === "string" ? sql : String((sql as { text?: unknown }).text),
      params: Array.isArray(params) ? params : [],
    });
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  return seen;
}
