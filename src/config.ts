/**
 * Every setting of the bot, read from the environment in one place and validated by one schema.
 *
 * A partner deploys with BOT_TOKEN, PARTNER_API_URL and PARTNER_API_KEY. Without any of them the
 * bot runs in sandbox mode (built-in sandbox exchange + Bot API emulator), so a newcomer sees it
 * work with no configuration at all.
 */
import { z } from "zod";
import { NO_PARTNER_FEATURES, parsePartnerFeatures } from "./partner/features.js";
import { explorerUrls, parseExplorerUrls } from "./domain/explorer.js";
import { isLoopbackName } from "./net/loopback.js";

/** Thrown when the environment does not describe a runnable bot; `problems` names each variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

/** An optional URL that `accepts`; anything unparsable is refused with `message`. */
const url = (accepts: (u: URL) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((s) => {
      try {
        return accepts(new URL(s));
      } catch {
        return false;
      }
    }, message);

const httpUrl = (what: string) =>
  z.preprocess(
    emptyToUndefined,
    url((u) => u.protocol === "http:" || u.protocol === "https:", `must be an http(s) URL (${what})`)
      .transform((s) => s.replace(/\/+$/, ""))
      .optional(),
  );

const integer = (min: number, fallback: number, what: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number (${what})`)
      .transform(Number)
      .refine((n) => n >= min, `must be at least ${min} (${what})`)
      .optional()
      .transform((n) => n ?? fallback),
  );

const telegramId = /^-?\d{1,20}$/;

/**
 * DATA_DIR when it is not set, per mode: where db.json, live.json and the archive live. Sandbox
 * and trial runs make exchanges at the built-in sandbox exchange; keeping them in their own
 * folders means a partner who tried the sandbox first never finds those exchanges mixed into a
 * real deployment's data.
 */
export const DEFAULT_DATA_DIRS = { sandbox: "data/sandbox", trial: "data/trial", production: "data" } as const;

const envSchema = z.object({
  BOT_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      // Shape only: the real check is getMe at start-up. Never echo the value back.
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "does not look like a bot token from @BotFather (digits:letters)")
      .optional(),
  ),
  TELEGRAM_API_ROOT: httpUrl("e.g. https://api.telegram.org"),
  PARTNER_API_URL: httpUrl("the Partner API base address, ending in /api/v1"),
  PARTNER_API_KEY: optionalString,
  PARTNER_FEATURES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((s, ctx) => {
        if (s === undefined) return undefined;
        const { features, unknown } = parsePartnerFeatures(s);
        if (unknown.length > 0) {
          ctx.addIssue({
            code: "custom",
            message: `must be a comma list of fixed, receive, emergency, batch-status, history (unknown: ${unknown.join(", ")})`,
          });
          return z.NEVER;
        }
        return features;
      }),
  ),
  ADMIN_IDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((s, ctx) => {
        if (s === undefined) return [];
        const parts = s
          .split(",")
          .map((p) => p.trim())
          .filter((p) => p !== "");
        const bad = parts.filter((p) => !/^\d{1,20}$/.test(p));
        if (bad.length > 0) {
          ctx.addIssue({ code: "custom", message: `must be comma-separated Telegram user ids (bad: ${bad.join(", ")})` });
          return z.NEVER;
        }
        return parts.map(Number);
      }),
  ),
  SUPPORT_CONTACT: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(100, "must be at most 100 characters (e.g. @exchange_support or a URL)").optional(),
  ),
  EXPLORER_URLS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((s, ctx) => {
        if (s === undefined) return undefined;
        const parsed = parseExplorerUrls(s);
        if (!parsed.ok) {
          ctx.addIssue({
            code: "custom",
            message: `must be a comma list of KEY=https://…{tx} (a coin or network, e.g. BTC=https://mempool.space/tx/{tx}): ${parsed.problems.join("; ")}`,
          });
          return z.NEVER;
        }
        return parsed.urls;
      }),
  ),
  SUPPORT_CHAT_ID: z.preprocess(
    emptyToUndefined,
    z.string().trim().regex(telegramId, "must be a Telegram chat id (a number, negative for groups)").transform(Number).optional(),
  ),
  DATA_DIR: optionalString,
  POLL_INTERVAL_MS: integer(1000, 30_000, "milliseconds between status checks"),
  POLL_LEASE_MS: integer(5_000, 120_000, "milliseconds a replica's claim on an exchange keeps the other replicas off it"),
  TRACKING_MAX_AGE_DAYS: integer(1, 7, "days an open exchange is tracked before it is left to support"),
  FLOW_TIMEOUT_MINUTES: integer(1, 30, "minutes before an abandoned exchange flow expires"),
  PERSON_UPDATES_PER_MINUTE: integer(
    0,
    60,
    "messages and button presses one person may send a minute, after a burst of 10; 0 turns the limit off",
  ),
  PERSON_QUOTES_PER_MINUTE: integer(
    0,
    30,
    "exchange-service quotes one person's inline queries and /rate may cost a minute, after a burst of 12; 0 turns the limit off",
  ),
  EXPORT_FILE_BYTES: integer(
    10_000,
    50_000_000,
    "bytes of one CSV file of /export, at most Telegram's 50 MB (52,428,800 bytes) a bot may upload; a longer export is split",
  ).refine((n) => n <= 50 * 1024 * 1024, "must be at most 52428800 (Telegram's upload limit for bots)"),
  ARCHIVE_AFTER_DAYS: integer(7, 30, "days after its last update a finished exchange moves to the archive"),
  EXCHANGE_RECORDS_KEPT_YEARS: integer(1, 5, "years the operator must keep exchange records by law, told in /privacy and /forget"),

  ALERT_CHECK_INTERVAL_SECONDS: integer(10, 60, "seconds between two checks of the rate alerts"),
  ALERT_PAIRS_PER_INTERVAL: integer(1, 20, "pairs the rate-alert check asks the service about per check (one rate request each)"),
  STUCK_ALERT_MINUTES: integer(1, 120, "minutes an exchange may stay in one status before support is alerted"),
  PARTNER_DOWN_ALERT_MINUTES: integer(1, 3, "minutes the partner API may fail before support is alerted"),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.toLowerCase()) : v),
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SANDBOX_PORT: integer(0, 8080, "port of the sandbox playground"),
  SANDBOX_CATALOG: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(["small", "large"], { error: () => 'must be "small" or "large" (the sandbox exchange\'s catalog)' }).default("small"),
  ),
  WEBHOOK_URL: z.preprocess(
    emptyToUndefined,
    // Telegram only posts to https; a bare http address would never receive an update.
    url(
      (u) => u.protocol === "https:" && u.hostname !== "" && u.username === "" && u.password === "" && u.hash === "",
      "must be a public https URL (e.g. https://bot.example.com/telegram)",
    ).optional(),
  ),
  WEBAPP_URL: z.preprocess(
    emptyToUndefined,
    // Telegram opens a Mini App only at https; in sandbox mode the emulator's playground frames a
    // loopback address (checked with the mode below).
    url(
      (u) =>
        (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "" && u.username === "" && u.password === "" && u.hash === "",
      "must be the public https URL of the Mini App page (e.g. https://bot.example.com/app/)",
    ).optional(),
  ),
  WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    // Telegram's own rule for secret_token. The value is never echoed in the message.
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1–256 characters of A-Z, a-z, 0-9, _ and -")
      .optional(),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a port number (0-65535) for the webhook and /healthz, /readyz and /metrics")
      .transform(Number)
      // 0 picks a free port (tests).
      .refine((n) => n <= 65_535, "must be a port number (0-65535) for the webhook and /healthz, /readyz and /metrics")
      .optional(),
  ),
  TELEGRAM_UPDATES: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z
      .enum(["take", "none"], {
        error: () =>
          'must be "take" (the default) or "none" (a replica that only checks exchanges and sends, beside one that takes updates)',
      })
      .default("take"),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    // The message never quotes the value: it holds the database password.
    url(
      (u) => u.protocol === "postgres:" || u.protocol === "postgresql:",
      "must be a postgres:// or postgresql:// URL (e.g. postgres://bot:password@localhost:5432/bot)",
    ).optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    // Never echoed: the message says what is wrong, not what was given.
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{16,}$/, "must be at least 16 printable characters without spaces (a bearer token for /metrics)")
      .optional(),
  ),
  ALLOW_INSECURE_HTTP: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : v),
    z
      .enum(["0", "1"], {
        error: () => 'must be "1" (allow a plain http:// TELEGRAM_API_ROOT or PARTNER_API_URL outside this machine) or "0"',
      })
      .optional(),
  ),
  METRICS_ACCESS: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z
      .enum(["loopback", "open"], {
        error: () => 'must be "loopback" (the default: /metrics only over 127.0.0.1 or ::1 without METRICS_TOKEN) or "open"',
      })
      .default("loopback"),
  ),
});

/**
 * The environment, validated and turned into the settings, one shape per run mode. The mode comes
 * from which variables are set; each mode's shape holds exactly what that mode has, so production
 * code never checks again for a token or a partner address that cannot be missing.
 */
const configSchema = envSchema.transform((e, ctx) => {
  const refuse = (variable: string, message: string): void => {
    ctx.addIssue({ code: "custom", path: [variable], message });
  };
  // Plain http:// carries the bot token (in the path) and the partner key (in the query) in the
  // clear: over loopback it never leaves the machine; anywhere else only when the operator says so.
  const insecureHttp = (
    [
      ["TELEGRAM_API_ROOT", e.TELEGRAM_API_ROOT, "bot token"],
      ["PARTNER_API_URL", e.PARTNER_API_URL, "partner key"],
    ] as const
  ).filter(([, address]) => address !== undefined && isPlainHttpElsewhere(address));
  if (e.ALLOW_INSECURE_HTTP !== "1") {
    for (const [variable, , secret] of insecureHttp) {
      refuse(
        variable,
        `is a plain http:// address of another machine: the ${secret} would cross the network unencrypted. Use https://, or set ALLOW_INSECURE_HTTP=1 to allow it anyway`,
      );
    }
  }
  const settings = {
    /** Undefined means Telegram's own (or the emulator's, in sandbox mode). */
    telegramApiRoot: e.TELEGRAM_API_ROOT,
    adminIds: e.ADMIN_IDS,
    supportChatId: e.SUPPORT_CHAT_ID,
    /** How people reach support (@username or a URL), shown when an exchange fails. */
    supportContact: e.SUPPORT_CONTACT,
    /**
     * Block explorer templates by coin code or network ({tx} is the transaction id): the defaults
     * of domain/explorer.ts with EXPLORER_URLS over them. A payout's transaction id links there.
     */
    explorerUrls: explorerUrls(e.EXPLORER_URLS),
    pollIntervalMs: e.POLL_INTERVAL_MS,
    /**
     * With PostgreSQL: how long the poller's claim on an exchange keeps the other replicas off it,
     * so a replica that dies gives its exchanges back after this long. Longer than one status check
     * may take (the partner client's time limit and retries).
     */
    pollLeaseMs: e.POLL_LEASE_MS,
    /** An exchange still open this long after creation is no longer polled (noted for support). */
    trackingMaxAgeMs: e.TRACKING_MAX_AGE_DAYS * 86_400_000,
    /** An exchange flow left untouched this long is expired and its state removed. */
    flowTimeoutMs: e.FLOW_TIMEOUT_MINUTES * 60_000,
    /** Messages and button presses a minute one person may send, past a burst (0: no limit). */
    personUpdatesPerMinute: e.PERSON_UPDATES_PER_MINUTE,
    /** Service quotes a minute one person's inline queries and /rate may cost, past a burst (0: no limit). */
    personQuotesPerMinute: e.PERSON_QUOTES_PER_MINUTE,
    /** Bytes of one CSV file of /export: a longer export is split into several (Telegram takes up to 50 MB). */
    exportFileBytes: e.EXPORT_FILE_BYTES,
    /**
     * A finished exchange whose last update is older than this moves from db.json to the archive
     * (ARCHIVE_AFTER_DAYS, at least 7 so that /stats' 24 h and 7 day figures come from db.json alone).
     */
    archiveAfterMs: e.ARCHIVE_AFTER_DAYS * 86_400_000,
    /**
     * How long the operator keeps exchange records by law (EXCHANGE_RECORDS_KEPT_YEARS): /privacy
     * and /forget say so, since /forget keeps them.
     */
    exchangeRecordsKeptYears: e.EXCHANGE_RECORDS_KEPT_YEARS,

    /** Rate alerts are checked this often (ALERT_CHECK_INTERVAL_SECONDS), on the leader. */
    alertCheckIntervalMs: e.ALERT_CHECK_INTERVAL_SECONDS * 1000,
    /**
     * The shared budget of the rate-alert check (ALERT_PAIRS_PER_INTERVAL): at most this many `rate`
     * requests per check, one per watched pair however many people watch it.
     */
    alertPairsPerInterval: e.ALERT_PAIRS_PER_INTERVAL,
    /** An open exchange in one status longer than this is reported to support (STUCK_ALERT_MINUTES). */
    stuckAlertMs: e.STUCK_ALERT_MINUTES * 60_000,
    /** The partner API failing this long is reported to support (PARTNER_DOWN_ALERT_MINUTES). */
    partnerDownAlertMs: e.PARTNER_DOWN_ALERT_MINUTES * 60_000,
    logLevel: e.LOG_LEVEL,
    /** Port of the local sandbox/playground servers in sandbox mode (0 = any free port). */
    sandboxPort: e.SANDBOX_PORT,
    /**
     * Which catalog the built-in sandbox exchange serves (sandbox and trial modes): "small", about
     * twenty coins, or "large", about 900 coins with answers as large as a real service's.
     */
    sandboxCatalog: e.SANDBOX_CATALOG,
    /**
     * Webhook mode when set: the public https address Telegram posts updates to (through a reverse
     * proxy to PORT). Undefined: long polling, the default.
     */
    webhookUrl: e.WEBHOOK_URL,
    /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token; required in webhook mode. Never logged. */
    webhookSecret: e.WEBHOOK_SECRET,
    /**
     * Where Telegram opens the Mini App (the page this bot serves under /app/ on PORT): WEBAPP_URL,
     * else the webhook's public origin with /app/. Undefined: no public https address, so no
     * Mini App buttons are shown.
     */
    webAppUrl: e.WEBAPP_URL ?? (e.WEBHOOK_URL === undefined ? undefined : new URL("/app/", e.WEBHOOK_URL).href),
    /**
     * The local port (PORT) of the webhook (webhook mode; 8080 when unset) and of /healthz, /readyz
     * and /metrics (both modes); undefined in polling mode: nothing is served.
     */
    port: e.PORT ?? (e.WEBHOOK_URL !== undefined ? 8080 : undefined),
    /** When set, /metrics wants `Authorization: Bearer <METRICS_TOKEN>`. A secret. */
    metricsToken: e.METRICS_TOKEN,
    /**
     * Who may read /metrics without METRICS_TOKEN: "loopback" (the default) answers only
     * connections made over the loopback interface, so a listener on every interface (PORT) does
     * not hand the figures to the network; "open" is the operator saying they may (METRICS_ACCESS).
     * With a token, the token decides.
     */
    metricsAccess: e.METRICS_ACCESS,
    /**
     * DATABASE_URL: when set, the bot keeps its state in this PostgreSQL database (shared by
     * replicas) instead of the files in dataDir. Holds the database password: never logged.
     */
    databaseUrl: e.DATABASE_URL,
    /**
     * TELEGRAM_UPDATES=none: this process takes no updates (no getUpdates, no webhook). With
     * DATABASE_URL it is a replica beside the one process that long-polls: it shares the status
     * checks, and sends when it is the leader.
     */
    takesUpdates: e.TELEGRAM_UPDATES === "take",
    /** PARTNER_FEATURES: what the service offers beyond our contract; none unless named. */
    partnerFeatures: e.PARTNER_FEATURES ?? NO_PARTNER_FEATURES,
    /**
     * The variables holding a plain http:// address of another machine, allowed by
     * ALLOW_INSECURE_HTTP=1 (refused without it): the app warns about each at start.
     */
    insecureHttp: insecureHttp.map(([variable]) => variable),
  };
  // A replica without updates only makes sense beside others on one database; with a webhook
  // address it would contradict itself.
  if (e.TELEGRAM_UPDATES === "none") {
    if (e.DATABASE_URL === undefined) refuse("TELEGRAM_UPDATES", '"none" needs DATABASE_URL: it is a replica sharing a database');
    if (e.WEBHOOK_URL !== undefined) refuse("TELEGRAM_UPDATES", '"none" takes no updates, so WEBHOOK_URL must not be set');
  }
  if (e.WEBAPP_URL !== undefined) {
    const u = new URL(e.WEBAPP_URL);
    // A plain http page is only for the playground, on this machine, in sandbox mode.
    const sandbox = e.BOT_TOKEN === undefined && e.PARTNER_API_URL === undefined;
    if (u.protocol === "http:" && !(sandbox && isLoopbackName(u.hostname))) {
      refuse("WEBAPP_URL", "must be https: Telegram opens a Mini App only at an https address");
    }
    if (!u.pathname.startsWith("/app/"))
      refuse("WEBAPP_URL", "must end in /app/, where the bot serves the page (e.g. https://bot.example.com/app/)");
    // The page is served by the bot's own HTTP server: in polling mode that needs a port.
    if (e.PORT === undefined && e.WEBHOOK_URL === undefined && !sandbox) {
      refuse("WEBAPP_URL", "needs PORT in polling mode: the bot serves the page on it (behind your https proxy)");
    }
  }
  // Without it anyone who learns the address could post forged updates.
  const webhookOk = e.WEBHOOK_URL === undefined || e.WEBHOOK_SECRET !== undefined;
  if (!webhookOk) refuse("WEBHOOK_SECRET", "is required when WEBHOOK_URL is set");

  if (e.PARTNER_API_URL === undefined) {
    if (!webhookOk) return z.NEVER;
    if (e.BOT_TOKEN === undefined) {
      /** No BOT_TOKEN, no PARTNER_API_URL: sandbox exchange and Bot API emulator in this process. */
      return { mode: "sandbox" as const, dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIRS.sandbox, ...settings };
    }
    /** BOT_TOKEN but no PARTNER_API_URL: real Telegram, sandbox exchange (a partner's trial run). */
    return { mode: "trial" as const, botToken: e.BOT_TOKEN, dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIRS.trial, ...settings };
  }
  // A real exchange behind the emulator would create real orders nobody can see: refuse.
  if (e.BOT_TOKEN === undefined) refuse("BOT_TOKEN", "is required when PARTNER_API_URL is set (sandbox mode needs neither)");
  if (e.PARTNER_API_KEY === undefined) refuse("PARTNER_API_KEY", "is required when PARTNER_API_URL is set");
  if (e.BOT_TOKEN === undefined || e.PARTNER_API_KEY === undefined || !webhookOk) return z.NEVER;
  /** Both set: real Telegram, real exchange. */
  return {
    mode: "production" as const,
    botToken: e.BOT_TOKEN,
    /** The spec's {base_url}. */
    partnerApiUrl: e.PARTNER_API_URL,
    partnerApiKey: e.PARTNER_API_KEY,
    dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIRS.production,
    ...settings,
  };
});

/** Whether `address` is plain http:// to a host other than this machine's loopback. */
function isPlainHttpElsewhere(address: string): boolean {
  const url = new URL(address);
  return url.protocol === "http:" && !isLoopbackName(url.hostname);
}

/**
 * Every setting, as {@link loadConfig} returns it: one shape per run mode, told apart by `mode`
 * (sandbox: nothing set; trial: BOT_TOKEN only; production: BOT_TOKEN and PARTNER_API_URL).
 */
export type Config = z.output<typeof configSchema>;

/** Production: real Telegram and a real exchange; the token, address and key are always there. */
export type ProductionConfig = Extract<Config, { mode: "production" }>;

/** Sandbox and trial modes, which run the development tools around the app. */
export type DevConfig = Exclude<Config, ProductionConfig>;

/**
 * Reads and validates the configuration from `env` (process.env by default).
 * Throws a {@link ConfigError} that names every bad or missing variable at once.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? "environment")} ${issue.message}`);
    throw new ConfigError(problems);
  }
  return parsed.data;
}

/** The secrets in a config, for log redaction. */
export function secretsOf(config: Config): string[] {
  const partner = config.mode === "production" ? [config.botToken, config.partnerApiKey] : config.mode === "trial" ? [config.botToken] : [];
  return [...partner, config.webhookSecret, config.metricsToken, ...urlPasswords(config.databaseUrl)].filter(
    (s): s is string => typeof s === "string" && s.length > 0,
  );
}

/** The password of a URL as written (percent-encoded) and as the server receives it (decoded). */
function urlPasswords(url: string | undefined): string[] {
  if (url === undefined) return [];
  const written = new URL(url).password;
  try {
    return [written, decodeURIComponent(written)];
  } catch {
    return [written];
  }
}
