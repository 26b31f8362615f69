/**
 * A record of every request the sandbox received, so tests can count calls (caching, retries,
 * "never retried") at the HTTP boundary instead of mocking the client.
 */

/** One request as the sandbox saw it. */
export interface LoggedRequest {
  /** The last path segment ("rate", "currencies", …), or the whole path for unknown routes. */
  endpoint: string;
  /** Query parameters, with `key` replaced by "***". */
  params: Record<string, string>;
  /** Arrival time on the sandbox clock, epoch ms. */
  at: number;
  /** HTTP status answered; undefined while unanswered (e.g. a timeout fault). */
  status: number | undefined;
}

/** The request log of a sandbox; tests reach it as `sandbox.requests`. */
export interface RequestLog {
  /** How many requests arrived, for one endpoint or in all. */
  count(endpoint?: string): number;
  /** Copies of every entry, oldest first. */
  list(): LoggedRequest[];
  /** Forgets every entry. */
  reset(): void;
}

/** The log plus the method the server records with. */
export interface WritableRequestLog extends RequestLog {
  /** Records a request and returns its entry, so the server can fill `status` when it answers. */
  record(entry: LoggedRequest): LoggedRequest;
}

/** Creates an empty log. */
export function createRequestLog(): WritableRequestLog {
  let entries: LoggedRequest[] = [];
  return {
    record(entry) {
      entries.push(entry);
      return entry;
    },
    count(endpoint) {
      return endpoint === undefined ? entries.length : entries.filter((e) => e.endpoint === endpoint).length;
    },
    list() {
      return entries.map((e) => ({ ...e, params: { ...e.params } }));
    },
    reset() {
      entries = [];
    },
  };
}
