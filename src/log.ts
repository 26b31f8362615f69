/**
 * The process logger: pino, with every secret scrubbed from the final line.
 *
 * Secrets can hide anywhere: the partner key travels in query strings, an HTTP error from a
 * library may carry the bot token in a URL, and a database URL carries its password. Path-based
 * redaction only covers known fields, so the last line of defence is a textual replace on each
 * serialised line before it is written (known secrets, and any `user:password@` in a URL).
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
