/**
 * Per-person limits with two replicas on one PostgreSQL behind a round-robin proxy (issue 38):
 * the emulator's webhook deliveries alternate between the harness's app and a second app on the
 * same database. A person's messages, quotes and exports spread over both are limited as over one
 * process; counted in each process's memory, each replica would give them a budget of their own.
 *
 * The paces are one a minute, so nothing refills while a test runs: what passes is the burst.
 */
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline } from "./fixtures.js";
import { testDatabase } from "../postgres/database.js";
import { startApp, type App } from "../../src/app.js";
import { createLogger } from "../../src/log.js";
import { until } from "../until.js";

const TOO_FAST = "faster than I can answer";

let h: Harness;
let other: App | undefined;
/** The replicas deliveries go to, in turn, unless one is pinned. */
const replicas: App[] = [];
let turn = 0;
let pinned: App | undefined;
/** Sends what follows to replica `index` (0: the harness's app), whatever the turn. */
const to = (index: number) => {
  pinned = replicas[index];
};

beforeEach(async () => {
  const url = await testDatabase();
  h = await startHarness({
    env: { DATABASE_URL: url, PERSON_UPDATES_PER_MINUTE: "1", PERSON_QUOTES_PER_MINUTE: "1", POLL_INTERVAL_MS: "3600000" },
    webhook: { replica: () => pinned ?? replicas[turn++ % Math.max(1, replicas.length)] },
  });
  other = await startApp({
    config: h.config,
    logger: createLogger({ level: "warn", secrets: [], destination: new Writable({ write: (_chunk, _encoding, done) => done() }) }),
    botToken: h.emulator.token,
    telegramApiRoot: h.emulator.apiRoot,
    partnerApiUrl: h.sandbox.url,
    partnerApiKey: h.sandbox.apiKey,
    webhookHost: "127.0.0.1",
  });
  replicas.push(h.app, other);
});
afterEach(async () => {
  replicas.length = 0;
  pinned = undefined;
  await other?.stop();
  other = undefined;
  await h.close();
});

/** Updates each replica has handled, once they add up to `total` (each is counted as its handling ends). */
async function handled(total: number): Promise<number[]> {
  const counts = () => Promise.all(replicas.map(async (app) => (await app.ops.metrics.totals()).updates));
  await until(async () => (await counts()).reduce((a, b) => a + b) >= total);
  return counts();
}

describe("per-person limits over two replicas", () => {
  it("let a person's messages spread over both through as one burst, and tell them once", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 3801, first_name: "Spread", language_code: "en" }));
    const since = chat.mark();
    for (let i = 0; i < 30; i++) chat.user.sendText("/help");
    await chat.waitNew(TOO_FAST, since);
    const split = await handled(30);
    await chat.settle();
    const said = chat.user.chat.messagesFrom(since).map((m) => m.plain);
    // The burst of ten passes, whichever replica each message reached; the flood is told once.
    expect(said.filter((text) => text.includes(TOO_FAST))).toHaveLength(1);
    expect(said.filter((text) => !text.includes(TOO_FAST))).toHaveLength(10);
    // Each replica handled ten or more: counted in each one's memory, twenty or more would pass.
    expect(Math.min(...split)).toBeGreaterThanOrEqual(10);
  });

  it("give a person's inline queries on both one budget of quotes", async () => {
    const user = h.emulator.user({ id: 3802, first_name: "Quotes", language_code: "en" });
    // Each replica loads its catalog (no quote asked), so only rates are counted below.
    to(0);
    await askInline(h, user, "");
    to(1);
    await askInline(h, user, "");
    // Two lists of six, one on each replica, spend the burst of twelve: each replica has asked for
    // six, and in its own memory would still have six to give.
    to(0);
    expect((await askInline(h, user, "0.1 btc")).articles).toHaveLength(6);
    to(1);
    expect((await askInline(h, user, "0.2 btc")).articles).toHaveLength(6);
    to(0);
    const spent = await askInline(h, user, "0.3 btc");
    expect(spent.articles.map((a) => a.title)).toEqual(["Too many quotes in a row"]);
    expect(h.sandbox.requests.count("rate")).toBe(12);
    expect(await handled(5)).toEqual([3, 2]);
  });

  it("pace a person's exports on both as on one", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 3803, first_name: "Export", language_code: "en" }));
    // Three in a row, two of them on the other replica: the harness's app has given one of its three.
    for (const replica of [1, 0, 1]) {
      to(replica);
      await chat.send("/export", "nothing to export");
    }
    to(0);
    await chat.send("/export", "several exports in a short time");
    expect(await handled(4)).toEqual([2, 2]);
  });
});
