/**
 * Every setting of the bot, read from the environment in one place and validated by one schema.
 *
 * A partner deploys with BOT_TOKEN, PARTNER_API_URL and PARTNER_API_KEY. Without any of them the
 * bot runs in sandbox mode (built-in sandbox exchange + Bot API emulator), so a newcomer sees it
 * work with no configuration at all.
 */
import { z } from "zod";

/** How the process is wired, derived from which variables are set. */
type RunMode =
  /** No BOT_TOKEN, no PARTNER_API_URL: sandbox exchange and Bot API emulator in this process. */
  | "sandbox"
  /** BOT_TOKEN but no PARTNER_API_URL: real Telegram, sandbox exchange (a partner's trial run). */
  | "trial"
  /** Both set: real Telegram, real exchange. */
  | "production";

export interface Config {
  mode: RunMode;
  /** Undefined in sandbox mode: the emulator's own token is used. */
  botToken: string | undefined;
  /** Undefined means Telegram's own (or the emulator's, in sandbox mode). */
  telegramApiRoot: string | undefined;
  /** The spec's {base_url}; undefined means the built-in sandbox exchange. */
  partnerApiUrl: string | undefined;
  partnerApiKey: string | undefined;
  adminIds: number[];
  supportChatId: number | undefined;
  /** How people reach support (@username or a URL), shown when an exchange fails. */
  supportContact: string | undefined;
  /**
   * Where db.json and live.json live. Without DATA_DIR it depends on the mode (see
   * {@link DEFAULT_DATA_DIRS}), so exchanges made against the sandbox never share a folder with a
   * real deployment's.
   */
  dataDir: string;
  pollIntervalMs: number;
  /** An exchange still open this long after creation is no longer polled (noted for support). */
  trackingMaxAgeMs: number;
  /** An exchange flow left untouched this long is expired and its state removed. */
  flowTimeoutMs: number;
  /** An open exchange in one status longer than this is reported to support (STUCK_ALERT_MINUTES). */
  stuckAlertMs: number;
  /** The partner API failing this long is reported to support (PARTNER_DOWN_ALERT_MINUTES). */
  partnerDownAlertMs: number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Port of the local sandbox/playground servers in sandbox mode (0 = any free port). */
  sandboxPort: number;
  /**
   * Which catalog the built-in sandbox exchange serves (sandbox and trial modes): "small", about
   * twenty coins, or "large", about 900 coins with answers as large as a real service's.
   */
  sandboxCatalog: "small" | "large";
  /**
   * Webhook mode when set: the public https address Telegram posts updates to (through a reverse
   * proxy to PORT). Undefined: long polling, the default.
   */
  webhookUrl: string | undefined;
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token; required in webhook mode. Never logged. */
  webhookSecret: string | undefined;
  /**
   * The local port (PORT) of the webhook (webhook mode; 8080 when unset) and of /healthz, /readyz
   * and /metrics (both modes); undefined in polling mode: nothing is served.
   */
  port: number | undefined;
  /** When set, /metrics wants `Authorization: Bearer <METRICS_TOKEN>`. A secret. */
  metricsToken: string | undefined;
}

/**
 * DATA_DIR when it is not set, per mode. Sandbox and trial runs make exchanges at the built-in
 * sandbox exchange: kept in folders of their own, a partner who tries the bot first and deploys
 * it later in the same checkout never finds sandbox orders (which the real service does not know)
 * in the real data, and the playground's people never mix with real Telegram users.
 */
const DEFAULT_DATA_DIRS: Readonly<Record<RunMode, string>> = {
  sandbox: "data/sandbox",
  trial: "data/trial",
  production: "data",
};

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
  SUPPORT_CHAT_ID: z.preprocess(
    emptyToUndefined,
    z.string().trim().regex(telegramId, "must be a Telegram chat id (a number, negative for groups)").transform(Number).optional(),
  ),
  DATA_DIR: optionalString,
  POLL_INTERVAL_MS: integer(1000, 30_000, "milliseconds between status checks"),
  TRACKING_MAX_AGE_DAYS: integer(1, 7, "days an open exchange is tracked before it is left to support"),
  FLOW_TIMEOUT_MINUTES: integer(1, 30, "minutes before an abandoned exchange flow expires"),
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
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    // Never echoed: the message says what is wrong, not what was given.
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{16,}$/, "must be at least 16 printable characters without spaces (a bearer token for /metrics)")
      .optional(),
  ),
});

/**
 * Reads and validates the configuration from `env` (process.env by default).
 * Throws a {@link ConfigError} that names every bad or missing variable at once.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? "environment")} ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.PARTNER_API_URL !== undefined && e.PARTNER_API_KEY === undefined) {
    problems.push("PARTNER_API_KEY is required when PARTNER_API_URL is set");
  }
  if (e.PARTNER_API_URL !== undefined && e.BOT_TOKEN === undefined) {
    // A real exchange behind the emulator would create real orders nobody can see: refuse.
    problems.push("BOT_TOKEN is required when PARTNER_API_URL is set (sandbox mode needs neither)");
  }
  if (e.WEBHOOK_URL !== undefined && e.WEBHOOK_SECRET === undefined) {
    // Without it anyone who learns the address could post forged updates.
    problems.push("WEBHOOK_SECRET is required when WEBHOOK_URL is set");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const mode: RunMode = e.BOT_TOKEN === undefined ? "sandbox" : e.PARTNER_API_URL === undefined ? "trial" : "production";
  return {
    mode,
    botToken: e.BOT_TOKEN,
    telegramApiRoot: e.TELEGRAM_API_ROOT,
    partnerApiUrl: e.PARTNER_API_URL,
    partnerApiKey: e.PARTNER_API_KEY,
    adminIds: e.ADMIN_IDS,
    supportChatId: e.SUPPORT_CHAT_ID,
    supportContact: e.SUPPORT_CONTACT,
    dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIRS[mode],
    pollIntervalMs: e.POLL_INTERVAL_MS,
    trackingMaxAgeMs: e.TRACKING_MAX_AGE_DAYS * 86_400_000,
    flowTimeoutMs: e.FLOW_TIMEOUT_MINUTES * 60_000,
    stuckAlertMs: e.STUCK_ALERT_MINUTES * 60_000,
    partnerDownAlertMs: e.PARTNER_DOWN_ALERT_MINUTES * 60_000,
    logLevel: e.LOG_LEVEL,
    sandboxPort: e.SANDBOX_PORT,
    sandboxCatalog: e.SANDBOX_CATALOG,
    webhookUrl: e.WEBHOOK_URL,
    webhookSecret: e.WEBHOOK_SECRET,
    port: e.PORT ?? (e.WEBHOOK_URL !== undefined ? 8080 : undefined),
    metricsToken: e.METRICS_TOKEN,
  };
}

/** The secrets in a config, for log redaction. */
export function secretsOf(
  config: Pick<Config, "botToken" | "partnerApiKey"> & Partial<Pick<Config, "webhookSecret" | "metricsToken">>,
): string[] {
  return [config.botToken, config.partnerApiKey, config.webhookSecret, config.metricsToken].filter(
    (s): s is string => typeof s === "string" && s.length > 0,
  );
}
