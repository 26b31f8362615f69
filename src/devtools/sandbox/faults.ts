/**
 * Fault injection: tests make the sandbox misbehave the ways a real partner does (5xx from a proxy,
 * a hung connection, garbage bodies, business refusals, a long outage).
 */

/** The endpoints, as the path after the base: the spec's six, then those the service publishes beyond it. */
export type EndpointName =
  | "validate-address"
  | "rate"
  | "currencies"
  | "pairs"
  | "exchange-create"
  | "exchange-status"
  | "payment/rate"
  | "payment/exchange-create"
  | "payment/emergency"
  | "exchanges-status"
  | "exchange-history";

/** Every endpoint name, for routing. */
export const ENDPOINTS: readonly EndpointName[] = [
  "validate-address",
  "rate",
  "currencies",
  "pairs",
  "exchange-create",
  "exchange-status",
  "payment/rate",
  "payment/exchange-create",
  "payment/emergency",
  "exchanges-status",
  "exchange-history",
];

/** What a fault does to a request. */
export type FaultKind =
  /** Answer with this HTTP status and a JSON error body. */
  | { kind: "http"; status: 500 | 502 | 503 | 504 | 429 }
  /** Never answer; the connection stays open until the client gives up or the sandbox closes. */
  | { kind: "timeout" }
  /** Answer 200 with a body that is not valid JSON ("invalid-json", the default) or JSON of the wrong shape. */
  | { kind: "malformed"; shape?: "invalid-json" | "wrong-shape" }
  /** Answer 200 with `{ result: false, error: message }`. */
  | { kind: "rejected"; message?: string }
  /**
   * Handle the request at once (an exchange-create creates its order, a status is read now) and
   * hold the answer for `ms` real milliseconds: a slow way back. The client may have given up by
   * then (an order it never heard of), or gets an answer older than what happened since.
   */
  | { kind: "delay"; ms: number }
  /**
   * Handle the request (an exchange-create makes its order) and answer with this HTTP status, as
   * a proxy does when the service acted and its answer was lost on the way back.
   */
  | { kind: "lost"; status: 502 | 504 }
  /**
   * Answer 200 with a JSON body that never ends (chunked, no declared length), written as fast as
   * the client reads it, until the client gives up or the sandbox closes: a broken or hostile
   * service that would fill a client's memory if it read answers whole.
   */
  | { kind: "endless" };

/** A fault to inject: which endpoint (all when absent), what, and how many times (until cleared when absent). */
type FaultSpec = FaultKind & { endpoint?: EndpointName; times?: number };

/** The fault controls of a sandbox; tests reach them as `sandbox.faults`. */
export interface FaultInjector {
  /** Adds a fault; the oldest matching fault applies first. */
  inject(fault: FaultSpec): void;
  /** Removes every injected fault and ends a `down()`. */
  clear(): void;
  /** The partner is down: every request answers 503 until `up()` (or `clear()`). */
  down(): void;
  /** Ends a `down()`; injected faults stay. */
  up(): void;
}

/** The injector plus the lookup the server uses on each request. */
export interface FaultTable extends FaultInjector {
  /** The fault that applies to this request, consuming one of its `times`; undefined: behave normally. */
  take(endpoint: string): FaultKind | undefined;
}

/** Creates an empty fault table. */
export function createFaultTable(): FaultTable {
  let faults: { spec: FaultSpec; left: number }[] = [];
  let isDown = false;
  return {
    inject(spec) {
      if (spec.times !== undefined && (!Number.isInteger(spec.times) || spec.times < 1)) {
        throw new RangeError(`faults.inject: times must be a positive integer, got ${spec.times}`);
      }
      if (spec.kind === "delay" && (!Number.isFinite(spec.ms) || spec.ms < 0)) {
        throw new RangeError(`faults.inject: a delay needs ms >= 0, got ${spec.ms}`);
      }
      faults.push({ spec, left: spec.times ?? Infinity });
    },
    clear() {
      faults = [];
      isDown = false;
    },
    down() {
      isDown = true;
    },
    up() {
      isDown = false;
    },
    take(endpoint) {
      if (isDown) return { kind: "http", status: 503 };
      const match = faults.find((f) => f.spec.endpoint === undefined || f.spec.endpoint === endpoint);
      if (!match) return undefined;
      match.left -= 1;
      if (match.left <= 0) faults = faults.filter((f) => f !== match);
      return match.spec;
    },
  };
}
