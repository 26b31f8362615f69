/**
 * The process logger: pino, with every secret scrubbed from the final line.
 *
 * Secrets can hide anywhere: the partner key travels in query strings, an HTTP error from a
 * library may carry the bot token in a URL, and a database URL carries its password. Path-based
 * redaction only covers known fields, so the last line of defence is a textual replace on each
 * serialised line before it is written (known secrets, and any `user:password@` in a URL).
 *
 * People's words and addresses are kept out of logged errors ({@link serializeError}): pino's own
 * error serializer copies every enumerable field, and grammY's GrammyError carries the whole
 * request it failed (`payload`: the message's text, the deposit address in it).
 */
import { pino, type Logger, type DestinationStream } from "pino";
import { redactSecrets, redactUrlCredentials } from "./partner/redact.js";

export type { Logger };

export interface LoggerOptions {
  level: string;
  /** Values that must never be written: the bot token, the partner key, the database password. */
  secrets: string[];
  /** Where lines go; stdout by default. Tests pass a stream to read the lines back. */
  destination?: DestinationStream;
}

/** Builds the logger. Field names that usually hold secrets are censored too. */
export function createLogger(opts: LoggerOptions): Logger {
  const secrets = [...opts.secrets];
  return pino(
    {
      level: opts.level,
      redact: {
        paths: [
          "key",
          "token",
          "apiKey",
          "botToken",
          "partnerApiKey",
          "*.key",
          "*.token",
          "*.apiKey",
          "config.botToken",
          "config.partnerApiKey",
          "password",
          "*.password",
          "connectionString",
          "*.connectionString",
          "databaseUrl",
          "config.databaseUrl",
        ],
        censor: "***",
      },
      serializers: { err: serializeError },
      hooks: {
        streamWrite: (line) => redactSecrets(redactUrlCredentials(line), secrets),
      },
    },
    // Synchronous: the volume is modest, and a line written just before process.exit (a refused
    // start-up, the end of a graceful stop) must not be lost in a buffer.
    opts.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * Text fields of an error that say what failed and never what was sent: a system error's code and
 * call, grammY's method and Telegram's description, the partner client's kind, endpoint and the
 * service's own reason, the call an answer was cut for.
 */
const KEPT_TEXT = new Set(["name", "message", "code", "syscall", "method", "description", "kind", "endpoint", "serviceMessage", "call"]);
/** Fields holding the error this one wraps: a cause, grammY's HttpError and BotError. */
const INNER_ERRORS = ["cause", "error"] as const;
/** How deep wrapped errors are followed, and how many of an AggregateError's are kept. */
const MAX_DEPTH = 3;
const MAX_ERRORS = 5;

/**
 * An error as a log line holds it: its type, message and stack; its numbers and flags (a status,
 * an error code, Telegram's `retry_after`); the text fields of {@link KEPT_TEXT}
 * and string ids; and the errors it wraps, the same way. Anything else is dropped: grammY's
 * `payload` (the request: a message's text, an address), a BotError's `ctx` (the whole update),
 * a library's request body or headers. Secrets in what is kept are scrubbed from the line as
 * everywhere (createLogger).
 */
function serializeError(err: unknown): unknown {
  return errorFields(err, 0);
}

function errorFields(err: unknown, depth: number): unknown {
  if (typeof err !== "object" || err === null) return err;
  if (depth > MAX_DEPTH) return "(wrapped too deep)";
  const out: Record<string, unknown> = {};
  if (err instanceof Error) {
    out.type = err.constructor.name;
    out.message = err.message;
    out.stack = err.stack;
  }
  for (const [key, value] of Object.entries(err)) {
    if (key in out || (INNER_ERRORS as readonly string[]).includes(key) || key === "errors") continue;
    const kept = keptValue(key, value);
    if (kept !== undefined) out[key] = kept;
  }
  for (const key of INNER_ERRORS) {
    const inner = (err as Record<string, unknown>)[key];
    if (inner !== undefined && inner !== null) out[key] = errorFields(inner, depth + 1);
  }
  // An AggregateError's list is its own but not enumerable.
  if (err instanceof AggregateError && Array.isArray(err.errors)) {
    out.errors = (err.errors as unknown[]).slice(0, MAX_ERRORS).map((e) => errorFields(e, depth + 1));
  }
  return out;
}

/** One field of an error as {@link serializeError} keeps it, or undefined when it is dropped. */
function keptValue(key: string, value: unknown): unknown {
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") return KEPT_TEXT.has(key) || /(^id|Id|_id)$/.test(key) ? value : undefined;
  // Telegram's `parameters` (retry_after, migrate_to_chat_id): numbers only.
  if (key === "parameters" && typeof value === "object" && value !== null) {
    const numbers = Object.entries(value).filter(([, v]) => typeof v === "number");
    return numbers.length > 0 ? Object.fromEntries(numbers) : undefined;
  }
  return undefined;
}

/**
 * Readable, coloured lines for a person at a terminal; JSON lines otherwise (a Procfile host, a
 * log collector). pino-pretty is a development dependency, so a production install without it
 * simply keeps JSON.
 */
export async function prettyWhenInteractive(): Promise<DestinationStream | undefined> {
  if (!process.stdout.isTTY || process.env.LOG_FORMAT === "json") return undefined;
  try {
    const { default: pretty } = await import("pino-pretty");
    return pretty({ colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true, sync: true });
  } catch {
    return undefined;
  }
}
