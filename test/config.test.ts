import { describe, expect, expectTypeOf, it } from "vitest";
import { ConfigError, loadConfig, secretsOf, type Config, type ProductionConfig } from "../src/config.js";

const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("runs in sandbox mode with no configuration at all, with sensible defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: "sandbox",
      adminIds: [],
      supportChatId: undefined,
      dataDir: "data/sandbox",
      pollIntervalMs: 30_000,
      pollLeaseMs: 120_000,
      flowTimeoutMs: 30 * 60_000,
      logLevel: "info",
    });
  });

  it("runs in trial mode with a bot token and no partner URL", () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).mode).toBe("trial");
  });

  it("gives each mode exactly its own settings: production's token, address and key are never missing", () => {
    const env = { BOT_TOKEN: TOKEN, PARTNER_API_URL: "https://exchange.example/api/v1", PARTNER_API_KEY: "k" };
    const sandbox = loadConfig({});
    const trial = loadConfig({ BOT_TOKEN: TOKEN });
    const production = loadConfig(env);
    expect(["botToken", "partnerApiUrl", "partnerApiKey"].filter((k) => k in sandbox)).toEqual([]);
    expect(["botToken", "partnerApiUrl", "partnerApiKey"].filter((k) => k in trial)).toEqual(["botToken"]);
    expect(production).toMatchObject({ mode: "production", botToken: TOKEN, partnerApiUrl: env.PARTNER_API_URL, partnerApiKey: "k" });
    // And the types say so: one shape per mode, told apart by `mode`.
    expectTypeOf<ProductionConfig["botToken"]>().toEqualTypeOf<string>();
    expectTypeOf<ProductionConfig["partnerApiUrl"]>().toEqualTypeOf<string>();
    expectTypeOf<ProductionConfig["partnerApiKey"]>().toEqualTypeOf<string>();
    expectTypeOf<Extract<Config, { mode: "trial" }>["botToken"]>().toEqualTypeOf<string>();
    expectTypeOf<Extract<Config, { mode: "sandbox" }>>().not.toHaveProperty("botToken");
    expectTypeOf<Extract<Config, { mode: "trial" }>>().not.toHaveProperty("partnerApiKey");
    expectTypeOf<Config["mode"]>().toEqualTypeOf<"sandbox" | "trial" | "production">();
  });

  it("keeps sandbox and trial data apart from a real deployment's unless DATA_DIR says otherwise", () => {
    const production = { BOT_TOKEN: TOKEN, PARTNER_API_URL: "https://exchange.example/api/v1", PARTNER_API_KEY: "k" };
    expect(loadConfig({}).dataDir).toBe("data/sandbox");
    expect(loadConfig({ BOT_TOKEN: TOKEN }).dataDir).toBe("data/trial");
    expect(loadConfig(production).dataDir).toBe("data");
    for (const env of [{}, { BOT_TOKEN: TOKEN }, production]) {
      expect(loadConfig({ ...env, DATA_DIR: "/srv/bot" }).dataDir).toBe("/srv/bot");
      expect(loadConfig({ ...env, DATA_DIR: " " }).dataDir).not.toBe(" ");
    }
  });

  it("runs in production mode with everything set, and parses each value", () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: "http://127.0.0.1:9000/",
      PARTNER_API_URL: "https://exchange.example/api/v1/",
      PARTNER_API_KEY: "partner-secret",
      ADMIN_IDS: " 11, 22 ,33",
      SUPPORT_CHAT_ID: "-1001234567890",
      DATA_DIR: "/var/lib/bot",
      POLL_INTERVAL_MS: "15000",
      POLL_LEASE_MS: "30000",
      FLOW_TIMEOUT_MINUTES: "10",
      LOG_LEVEL: "DEBUG",
    });
    expect(config).toMatchObject({
      mode: "production",
      telegramApiRoot: "http://127.0.0.1:9000",
      partnerApiUrl: "https://exchange.example/api/v1",
      adminIds: [11, 22, 33],
      supportChatId: -1001234567890,
      dataDir: "/var/lib/bot",
      pollIntervalMs: 15_000,
      pollLeaseMs: 30_000,
      flowTimeoutMs: 600_000,
      logLevel: "debug",
    });
    expect(secretsOf(config)).toEqual([TOKEN, "partner-secret"]);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ BOT_TOKEN: "", PARTNER_API_URL: "  ", ADMIN_IDS: "" }).mode).toBe("sandbox");
  });

  it.each([
    ["BOT_TOKEN", { BOT_TOKEN: "not-a-token" }],
    ["TELEGRAM_API_ROOT", { TELEGRAM_API_ROOT: "ftp://x" }],
    ["PARTNER_API_URL", { BOT_TOKEN: TOKEN, PARTNER_API_URL: "nonsense", PARTNER_API_KEY: "k" }],
    ["ADMIN_IDS", { ADMIN_IDS: "12,abc" }],
    ["SUPPORT_CHAT_ID", { SUPPORT_CHAT_ID: "@support" }],
    ["POLL_INTERVAL_MS", { POLL_INTERVAL_MS: "soon" }],
    ["POLL_INTERVAL_MS", { POLL_INTERVAL_MS: "10" }],
    ["FLOW_TIMEOUT_MINUTES", { FLOW_TIMEOUT_MINUTES: "-5" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["SUPPORT_CONTACT", { SUPPORT_CONTACT: "x".repeat(101) }],
    ["EXPLORER_URLS", { EXPLORER_URLS: "BTC=http://mempool.space/tx/{tx}" }],
    ["EXPLORER_URLS", { EXPLORER_URLS: "BTC=https://mempool.space/tx/" }],
    ["PARTNER_API_KEY", { BOT_TOKEN: TOKEN, PARTNER_API_URL: "https://x.example/api/v1" }],
    ["BOT_TOKEN", { PARTNER_API_URL: "https://x.example/api/v1", PARTNER_API_KEY: "k" }],
  ])("names %s when it is bad or missing", (name, env) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} `));
  });

  describe("plain http:// (the token and the key would cross the network unencrypted)", () => {
    const production = { BOT_TOKEN: TOKEN, PARTNER_API_KEY: "k" };

    it("refuses an http:// partner or Bot API address of another machine, naming ALLOW_INSECURE_HTTP", () => {
      const partner = problemsOf({ ...production, PARTNER_API_URL: "http://exchange.example/api/v1" });
      expect(partner).toEqual([
        expect.stringMatching(/^PARTNER_API_URL is a plain http:\/\/ address .*partner key.*ALLOW_INSECURE_HTTP=1/),
      ]);
      expect(partner[0]).not.toContain("exchange.example");
      const both = problemsOf({
        ...production,
        PARTNER_API_URL: "http://10.0.0.5/api/v1",
        TELEGRAM_API_ROOT: "http://bot-api.internal:8081",
      });
      expect(both.map((p) => p.split(" ")[0]).sort()).toEqual(["PARTNER_API_URL", "TELEGRAM_API_ROOT"]);
      expect(problemsOf({ TELEGRAM_API_ROOT: "http://bot-api.internal:8081" })).toEqual([
        expect.stringMatching(/^TELEGRAM_API_ROOT is a plain http:\/\/ address .*bot token/),
      ]);
    });

    it("takes http:// over loopback, https:// anywhere, and another machine's http:// when ALLOW_INSECURE_HTTP=1 says so", () => {
      for (const url of [
        "http://127.0.0.1:8787/api/v1",
        "http://localhost:8787/api/v1",
        "http://[::1]:8787/api/v1",
        "https://x.example/api/v1",
      ]) {
        expect(loadConfig({ ...production, PARTNER_API_URL: url }).insecureHttp).toEqual([]);
      }
      const allowed = loadConfig({ ...production, PARTNER_API_URL: "http://exchange.example/api/v1", ALLOW_INSECURE_HTTP: "1" });
      expect(allowed).toMatchObject({
        mode: "production",
        partnerApiUrl: "http://exchange.example/api/v1",
        insecureHttp: ["PARTNER_API_URL"],
      });
      expect(problemsOf({ ...production, PARTNER_API_URL: "http://exchange.example/api/v1", ALLOW_INSECURE_HTTP: "0" })).toHaveLength(1);
      expect(problemsOf({ ALLOW_INSECURE_HTTP: "yes" })).toEqual([expect.stringMatching(/^ALLOW_INSECURE_HTTP must be "1"/)]);
    });
  });

  it("lists every bad variable at once, and never echoes a secret value", () => {
    const problems = problemsOf({ BOT_TOKEN: "secret-but-malformed", ADMIN_IDS: "x", LOG_LEVEL: "loud" });
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual(["ADMIN_IDS", "BOT_TOKEN", "LOG_LEVEL"]);
    expect(problems.join("\n")).not.toContain("secret-but-malformed");
  });

  it("links payouts to the default explorers, with EXPLORER_URLS over them", () => {
    expect(loadConfig({}).explorerUrls.BTC).toBe("https://mempool.space/tx/{tx}");
    const config = loadConfig({ EXPLORER_URLS: "btc=https://btc.example/tx/{tx},ETH=" });
    expect(config.explorerUrls.BTC).toBe("https://btc.example/tx/{tx}");
    expect(config.explorerUrls.ETH).toBeUndefined();
    expect(config.explorerUrls.TRC20).toBe("https://tronscan.org/#/transaction/{tx}");
  });

  it("tracks an open exchange for TRACKING_MAX_AGE_DAYS (7 by default), in milliseconds", () => {
    expect(loadConfig({}).trackingMaxAgeMs).toBe(7 * 86_400_000);
    expect(loadConfig({ TRACKING_MAX_AGE_DAYS: "2" }).trackingMaxAgeMs).toBe(2 * 86_400_000);
    expect(problemsOf({ TRACKING_MAX_AGE_DAYS: "0" })[0]).toMatch(/^TRACKING_MAX_AGE_DAYS /);
    expect(problemsOf({ TRACKING_MAX_AGE_DAYS: "a week" })[0]).toMatch(/^TRACKING_MAX_AGE_DAYS /);
  });

  it("states EXCHANGE_RECORDS_KEPT_YEARS (5 by default, at least 1) in /privacy and /forget", () => {
    expect(loadConfig({}).exchangeRecordsKeptYears).toBe(5);
    expect(loadConfig({ EXCHANGE_RECORDS_KEPT_YEARS: "10" }).exchangeRecordsKeptYears).toBe(10);
    expect(problemsOf({ EXCHANGE_RECORDS_KEPT_YEARS: "0" })[0]).toMatch(/^EXCHANGE_RECORDS_KEPT_YEARS must be at least 1/);
  });

  it("archives finished exchanges ARCHIVE_AFTER_DAYS (30 by default, at least 7) after their last update", () => {
    expect(loadConfig({}).archiveAfterMs).toBe(30 * 86_400_000);
    expect(loadConfig({ ARCHIVE_AFTER_DAYS: "90" }).archiveAfterMs).toBe(90 * 86_400_000);
    expect(loadConfig({ ARCHIVE_AFTER_DAYS: "7" }).archiveAfterMs).toBe(7 * 86_400_000);
    // Below a week, /stats' 7-day figures would miss archived exchanges.
    expect(problemsOf({ ARCHIVE_AFTER_DAYS: "6" })[0]).toMatch(/^ARCHIVE_AFTER_DAYS must be at least 7/);
    expect(problemsOf({ ARCHIVE_AFTER_DAYS: "a month" })[0]).toMatch(/^ARCHIVE_AFTER_DAYS /);
  });

  it("serves the small sandbox catalog unless SANDBOX_CATALOG says large, and refuses anything else", () => {
    expect(loadConfig({}).sandboxCatalog).toBe("small");
    expect(loadConfig({ SANDBOX_CATALOG: "" }).sandboxCatalog).toBe("small");
    expect(loadConfig({ SANDBOX_CATALOG: " Large " }).sandboxCatalog).toBe("large");
    expect(loadConfig({ SANDBOX_CATALOG: "small" }).sandboxCatalog).toBe("small");
    const problems = problemsOf({ SANDBOX_CATALOG: "huge" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SANDBOX_CATALOG must be "small" or "large"/);
  });

  describe("TELEGRAM_UPDATES", () => {
    const db = "postgres://bot:pw@db.internal:5432/bot";

    it('takes updates unless told not to; "none" is a replica beside the one that does', () => {
      expect(loadConfig({}).takesUpdates).toBe(true);
      expect(loadConfig({ TELEGRAM_UPDATES: " Take " }).takesUpdates).toBe(true);
      expect(loadConfig({ TELEGRAM_UPDATES: "none", DATABASE_URL: db }).takesUpdates).toBe(false);
    });

    it("refuses a replica without updates that shares no database, or that has a webhook address", () => {
      expect(problemsOf({ TELEGRAM_UPDATES: "none" })).toEqual([expect.stringMatching(/^TELEGRAM_UPDATES .*needs DATABASE_URL/)]);
      expect(
        problemsOf({ TELEGRAM_UPDATES: "none", DATABASE_URL: db, WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET: "s" }),
      ).toEqual([expect.stringMatching(/^TELEGRAM_UPDATES .*WEBHOOK_URL must not be set/)]);
      expect(problemsOf({ TELEGRAM_UPDATES: "off" })).toEqual([expect.stringMatching(/^TELEGRAM_UPDATES must be "take" .* or "none"/)]);
    });
  });

  describe("DATABASE_URL", () => {
    it("is unset by default: the state stays in files", () => {
      expect(loadConfig({}).databaseUrl).toBeUndefined();
      expect(loadConfig({ DATABASE_URL: " " }).databaseUrl).toBeUndefined();
    });

    it.each([
      "postgres://bot:pw@db.internal:5432/bot",
      "postgresql://bot@localhost/bot?sslmode=require",
      "postgresql:///bot?host=/var/run/postgresql",
    ])("takes %s, in every mode", (url) => {
      expect(loadConfig({ DATABASE_URL: ` ${url} ` }).databaseUrl).toBe(url);
      expect(loadConfig({ DATABASE_URL: url, BOT_TOKEN: TOKEN }).databaseUrl).toBe(url);
    });

    it.each(["mysql://bot:hunter2pass@db/bot", "db.internal:5432/bot", "hunter2pass"])("refuses %s without echoing it", (value) => {
      const problems = problemsOf({ DATABASE_URL: value });
      expect(problems).toEqual([
        "DATABASE_URL must be a postgres:// or postgresql:// URL (e.g. postgres://bot:password@localhost:5432/bot)",
      ]);
      expect(problems.join("\n")).not.toContain("hunter2pass");
    });

    it("counts its password, as written and decoded, among the secrets kept out of logs", () => {
      const config = loadConfig({ DATABASE_URL: "postgres://bot:p%40ss%2Fw0rd@db:5432/bot" });
      expect(secretsOf(config)).toEqual(["p%40ss%2Fw0rd", "p@ss/w0rd"]);
      expect(secretsOf(loadConfig({ DATABASE_URL: "postgres://bot@db/bot" }))).toEqual([]);
    });
  });

  describe("webhook mode", () => {
    const SECRET = "s3cret_Value-42";

    it("is off by default: long polling, no port", () => {
      expect(loadConfig({})).toMatchObject({ webhookUrl: undefined, webhookSecret: undefined, port: undefined });
    });

    it("takes an https WEBHOOK_URL with its WEBHOOK_SECRET, on PORT (8080 unless set)", () => {
      const env = { WEBHOOK_URL: "https://bot.example.com/tg/hook", WEBHOOK_SECRET: SECRET };
      expect(loadConfig(env)).toMatchObject({ webhookUrl: "https://bot.example.com/tg/hook", webhookSecret: SECRET, port: 8080 });
      expect(loadConfig({ ...env, PORT: "3000" }).port).toBe(3000);
      expect(secretsOf(loadConfig({ ...env, BOT_TOKEN: TOKEN }))).toContain(SECRET);
    });

    it.each([
      ["WEBHOOK_URL", { WEBHOOK_URL: "http://bot.example.com/hook", WEBHOOK_SECRET: SECRET }],
      ["WEBHOOK_URL", { WEBHOOK_URL: "bot.example.com/hook", WEBHOOK_SECRET: SECRET }],
      ["WEBHOOK_SECRET", { WEBHOOK_URL: "https://bot.example.com/hook" }],
      ["WEBHOOK_SECRET", { WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET: "has spaces and $igns" }],
      ["WEBHOOK_SECRET", { WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET: "a".repeat(257) }],
      ["PORT", { PORT: "http" }],
      ["PORT", { PORT: "70000" }],
    ])("names %s when it is bad or missing", (name, env) => {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${name} `));
    });

    it("never echoes a bad WEBHOOK_SECRET", () => {
      const problems = problemsOf({ WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET: "almost-right-but!" });
      expect(problems.join("\n")).not.toContain("almost-right-but");
    });
  });
});
