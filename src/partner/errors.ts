/**
 * The one error type of the partner client. Every failure of a Partner API call becomes a
 * PartnerError with a kind the caller can branch on; none ever carries the API key.
 */

/**
 * What went wrong:
 * - "network": no HTTP answer (connection refused, reset, DNS…);
 * - "timeout": no complete answer within the time limit;
 * - "http": an answer with a non-2xx status;
 * - "invalid-response": a 2xx answer whose body is not JSON or not of the expected shape;
 * - "rejected": the service answered `result: false` (a business refusal, e.g. amount below minimum).
 */
export type PartnerErrorKind = "network" | "timeout" | "http" | "invalid-response" | "rejected";

/** Fields of a {@link PartnerError}. */
export interface PartnerErrorInit {
  kind: PartnerErrorKind;
  /** The endpoint called ("rate", "exchange-create", …). */
  endpoint: string;
  /** Human-readable detail, already free of secrets. */
  message: string;
  status?: number;
  serviceMessage?: string;
  /** The request provably never left this machine (DNS or connect failed). */
  notSent?: boolean;
  /** The call was cancelled because the bot is stopping ({@link PartnerError.cancelled}). */
  cancelled?: boolean;
}

/** A failed Partner API call. */
export class PartnerError extends Error {
  override readonly name = "PartnerError";
  readonly kind: PartnerErrorKind;
  readonly endpoint: string;
  /** The HTTP status, when there was an answer. */
  readonly status: number | undefined;
  /** The service's own `error`/`message` text, when it sent one (always for "rejected" when present). */
  readonly serviceMessage: string | undefined;
  /**
   * True when the request provably never reached the service: the name did not resolve or the
   * connection was refused before anything was written. Then even exchange-create may be sent
   * again. A reset on a connection that was open is not proof: the request may have arrived.
   */
  readonly notSent: boolean;
  /**
   * True when the bot cancelled the call because it is stopping (the client's `cancelReads`): it
   * says nothing about the service, and whoever made it has nothing to count as a failure.
   */
  readonly cancelled: boolean;

  constructor(init: PartnerErrorInit) {
    super(`partner ${init.endpoint}: ${init.message}`);
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.serviceMessage = init.serviceMessage;
    this.notSent = init.notSent === true;
    this.cancelled = init.cancelled === true;
  }

  /**
   * Whether trying again may help: network failures, timeouts, 5xx, 429 and 408. A refusal, a 4xx
   * or a body of the wrong shape will fail the same way again.
   */
  get retryable(): boolean {
    if (this.kind === "network" || this.kind === "timeout") return true;
    if (this.kind !== "http" || this.status === undefined) return false;
    return this.status >= 500 || this.status === 429 || this.status === 408;
  }

  /** A plain object for structured logs; contains nothing but the fields above. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      endpoint: this.endpoint,
      status: this.status,
      serviceMessage: this.serviceMessage,
      retryable: this.retryable,
      message: this.message,
    };
  }
}

/** Narrowing helper: `isPartnerError(e, "rejected")`. */
export function isPartnerError(err: unknown, kind?: PartnerErrorKind): err is PartnerError {
  return err instanceof PartnerError && (kind === undefined || err.kind === kind);
}
