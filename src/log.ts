/**
 * The process logger: pino, with every secret scrubbed from the final line.
 *
 * Secrets can hide anywhere: the partner key travels in query strings, and an HTTP error from a
 * library may carry the bot token in a URL. Path-based redaction only covers known fields, so the
 * last line of defence is a textual replace on each serialised line before it is written.
 */
import { pino, type Logger, type DestinationStream } from "pino";

export type { Logger };

export interface LoggerOptions {
  level: string;
  /** Values that must never be written: the bot token, the partner key. */
  secrets: string[];
  /** Where lines go; stdout by default. Tests pass a stream to read the lines back. */
  destination?: DestinationStream;
}

/** Replaces every occurrence of every secret (and its URL-encoded form) with `***`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue; // too short to be a real secret; replacing it would mangle logs
    for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      out = out.split(form).join("***");
    }
  }
  return out;
}

/** Builds the logger. Field names that usually hold secrets are censored too. */
export function createLogger(opts: LoggerOptions): Logger {
  const secrets = [...opts.secrets];
  return pino(
    {
      level: opts.level,
      redact: {
        paths: ["key", "token", "apiKey", "botToken", "partnerApiKey", "*.key", "*.token", "*.apiKey", "config.botToken", "config.partnerApiKey"],
        censor: "***",
      },
      hooks: {
        streamWrite: (line) => scrubSecrets(line, secrets),
      },
    },
    opts.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
