/**
 * Scrubbing secrets out of URLs and text. The partner key travels in the query string (spec §5), so
 * every URL that is logged or put into an error goes through here first.
 */

/** Secrets shorter than this are not replaced anywhere but the `key` parameter: they would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

/**
 * Replaces every occurrence of each secret in `text` with `***`: raw, URL-encoded, and as it
 * appears inside a JSON string (a serialised log line escapes quotes and backslashes).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      out = out.split(form).join("***");
    }
  }
  return out;
}

/**
 * Redacts a URL (or any text holding URLs): the value of every `key` query parameter becomes `***`,
 * and so does every given secret wherever it appears.
 */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  return redactSecrets(url.replace(/([?&]key=)[^&#\s]*/gi, "$1***"), secrets);
}

/**
 * Replaces the password of every `scheme://user:password@host` in `text` with `***`: a database
 * URL in an error or a dump is scrubbed even when its password is not a known secret (or is too
 * short to be replaced as one).
 */
export function redactUrlCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:@/"'\\]*:)[^\s@/"'\\]+@/gi, "$1***@");
}
