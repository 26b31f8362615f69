/**
 * The Partner API client: one method per endpoint of the spec, over a kept-alive undici pool
 * (src/http/pooled-fetch.ts says why not node-fetch: a third of the CPU per call), a time limit per
 * attempt, retries with backoff for reads, and typed errors.
 *
 * exchange-create is retried only when the request provably never left (DNS failed, connection
 * refused): when it fails ambiguously (timeout, 5xx, a reset on an open connection) the order may
 * exist already, and a second call could create a second order the user would pay into.
 *
 * Idle keep-alive sockets are closed after `idleSocketMs`, well before a service or a proxy in
 * front of it forgets the connection (often after about 5 s, without telling us): a request on a
 * connection the other end has dropped fails with ECONNRESET, and for exchange-create that is a
 * failure nobody may retry.
 *
 * {@link PartnerClient.cancelReads} (a stop) ends the reads in flight at once and refuses new
 * ones, and lets a create in flight finish: the stop waits for that one (it is bounded by the
 * time limit of one attempt) instead of cutting it.
 */
import { Pool } from "undici";
import type {
  CreateExchangeParams,
  CreatePaymentParams,
  CreatedExchange,
  Currency,
  ExchangeStatusRecord,
  PairMap,
  PartnerApi,
  PaymentQuote,
  RateKindOption,
  RateResult,
} from "../domain/types.js";
import { fixParam } from "./fixed-rate.js";
import { paymentRateSchema, toPaymentQuote } from "./receive-exactly.js";
import { isPartnerError, PartnerError, type PartnerErrorKind } from "./errors.js";
import { emergencyAnswerSchema, emergencyParams, type EmergencyRequest } from "./emergency.js";
import { batchStatusSchema, IDS_HEADER, idsHeaderValue, type BatchStatusEntry } from "./batch-status.js";
import { HISTORY_MAX_LIMIT, historySchema, type HistoryEntry } from "./history.js";
import { redactSecrets, redactUrl } from "./redact.js";
import { slicePause } from "./slices.js";
import { parsePairsOffThread, type PairsOutcome } from "./pairs-worker.js";
import { AnswerTooLargeError, requestWhole, type WholeAnswer } from "../http/pooled-fetch.js";
import {
  createdExchangeSchema,
  currenciesSchema,
  exchangeStatusSchema,
  parseBody,
  parsePairs,
  rateSchema,
  serviceMessageOf,
  throwIfRejected,
  validateAddressSchema,
  withoutResultFlag,
} from "./schema.js";

/** Time limit of one attempt by default, ms: also what a stop must be ready to wait for a create. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Extra attempts by default: reads after a retryable failure, a create only when it never left. */
const DEFAULT_RETRIES = 2;
/** Largest backoff ceiling by default, ms. */
const DEFAULT_RETRY_MAX_DELAY_MS = 3_000;
/**
 * The longest answer read by default, bytes: over three times a real service's `pairs` (about
 * 9 MB for 900 coins), the largest answer of the contract. Past it the answer is cut, so one that
 * never ends cannot fill the memory.
 */
export const PARTNER_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * The longest one request can take with the default options, ms: every attempt runs to its time
 * limit and every backoff to its ceiling (3 × 10 s + 2 × 3 s). A status check never takes longer
 * (the poller's lease must outlast it), nor a create, which is retried less: past this, a create
 * still marked as under way has no answer coming (replicas settle it: interrupted.ts).
 */
export const REQUEST_TIME_LIMIT_MS = (DEFAULT_RETRIES + 1) * DEFAULT_TIMEOUT_MS + DEFAULT_RETRIES * DEFAULT_RETRY_MAX_DELAY_MS;

/** The spec's endpoints. */
type ContractEndpoint = "validate-address" | "rate" | "currencies" | "pairs" | "exchange-create" | "exchange-status";

/** Calls the service publishes beyond our contract (docs/partner-api.md); used only when PARTNER_FEATURES names them. */
type ExtraEndpoint = "payment/rate" | "payment/exchange-create" | "payment/emergency" | "exchanges-status" | "exchange-history";

type PartnerEndpoint = ContractEndpoint | ExtraEndpoint;

/** A log function in pino's shape: an object of fields, then a message. */
type PartnerLogFn = (fields: object, msg?: string) => void;

/** The least the client needs from a logger (a pino logger fits). */
interface PartnerLogger {
  debug: PartnerLogFn;
  warn: PartnerLogFn;
}

/** Reported after every HTTP attempt, for statistics. */
export interface PartnerRequestEvent {
  endpoint: PartnerEndpoint;
  /** Duration of this attempt in milliseconds. */
  ms: number;
  ok: boolean;
  errorKind?: PartnerErrorKind;
  /** The HTTP status of a failed attempt that had an answer. */
  status?: number;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
}

/** Options of {@link createPartnerClient}. */
export interface PartnerClientOptions {
  /** The spec's {base_url}, e.g. "https://partner.example/api/v1". */
  baseUrl: string;
  apiKey: string;
  /** Time limit of one attempt (connect + answer + body), ms. Default 10 000. */
  timeoutMs?: number;
  /** Extra attempts for read endpoints after a retryable failure. Default 2. Never used for exchange-create. */
  retries?: number;
  /** First backoff ceiling, ms; doubles per retry (full jitter: a random delay up to the ceiling). Default 300. */
  retryBaseDelayMs?: number;
  /** Largest backoff ceiling, ms. Default 3 000. */
  retryMaxDelayMs?: number;
  /**
   * An idle keep-alive socket is closed after this long, ms. Default 2 000: shorter than the idle
   * timeouts services and proxies commonly use (nginx 75 s, Node 5 s, some balancers 4 s), so the
   * bot always closes first. 0 keeps idle sockets open until the other end closes them.
   */
  idleSocketMs?: number;
  logger?: PartnerLogger;
  onRequest?: (e: PartnerRequestEvent) => void;
  /**
   * A `pairs` answer at least this large (bytes) is parsed in a worker thread (pairs-worker.ts);
   * smaller ones on the main thread. Default 512 KiB: a real service's 9 MB answer goes to the
   * worker, a small catalog's few KB do not pay for starting one.
   */
  offThreadPairsMinBytes?: number;
  /**
   * An answer longer than this (bytes) is cut there and fails as "invalid-response", naming the
   * endpoint; no retry, since the same question gets the same answer. Default {@link PARTNER_MAX_ANSWER_BYTES}.
   */
  maxAnswerBytes?: number;
}

/**
 * The calls beyond our contract (src/partner/emergency.ts, batch-status.ts): the bot makes them
 * only when PARTNER_FEATURES names the capability.
 */
export interface PartnerExtras {
  /** payment/emergency: the person's answer to a late deposit. Resolves once the service accepted it. */
  emergency(request: EmergencyRequest): Promise<void>;
  /** exchanges-status: the statuses of up to BATCH_STATUS_MAX_IDS exchanges in one request. */
  exchangesStatus(ids: readonly string[]): Promise<BatchStatusEntry[]>;
  /** exchange-history: one page (from 0) of the partner's exchanges, at most 100 a page. */
  exchangeHistory(page: number, limit: number): Promise<HistoryEntry[]>;
}

/** The Partner API plus a way to release its sockets. */
export interface PartnerClient extends PartnerApi, PartnerExtras {
  /** Closes the keep-alive sockets. Calls after close still work but open new connections. */
  close(): void;
  /** A stop begins: reads in flight end now (no retry), new reads fail at once; creates go on. */
  cancelReads(): void;
}

type Params = Record<string, string | undefined>;

/** Request headers beside the usual ones (exchanges-status carries its ids in one). */
type Headers = Record<string, string>;

const READ_ENDPOINTS: ReadonlySet<PartnerEndpoint> = new Set([
  "validate-address",
  "rate",
  "currencies",
  "pairs",
  "exchange-status",
  "payment/rate",
  "exchanges-status",
  "exchange-history",
]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long an idle socket is kept when `idleSocketMs` is 0: until the other end closes it, in effect. */
const KEEP_IDLE_UNTIL_CLOSED_MS = 600_000;

/** Default of {@link PartnerClientOptions.offThreadPairsMinBytes}. */
const OFF_THREAD_PAIRS_MIN_BYTES = 512 * 1024;

/** The names of the parameters a request carries (the key's aside), for a log line. */
function paramNames(params: Params): string[] {
  return Object.keys(params).filter((name) => params[name] !== undefined && params[name] !== "");
}

/** Creates a client for one partner account. */
export function createPartnerClient(opts: PartnerClientOptions): PartnerClient {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = Math.max(0, opts.retries ?? DEFAULT_RETRIES);
  const baseDelay = opts.retryBaseDelayMs ?? 300;
  const maxDelay = opts.retryMaxDelayMs ?? DEFAULT_RETRY_MAX_DELAY_MS;
  const secrets = [opts.apiKey];
  const scrub = (text: string) => redactUrl(redactSecrets(text, secrets), secrets);
  const idleSocketMs = opts.idleSocketMs ?? 2_000;
  // A free socket is closed after `idleSocketMs`; a service's Keep-Alive hint may shorten that,
  // never lengthen it. undici's own header and body timeouts are off: each attempt has its own
  // time limit. Made anew after close(), so that later calls open new connections.
  const idleMs = idleSocketMs > 0 ? idleSocketMs : KEEP_IDLE_UNTIL_CLOSED_MS;
  const origin = new URL(base).origin;
  let pool: Pool | undefined;
  const openPool = () =>
    (pool ??= new Pool(origin, { keepAliveTimeout: idleMs, keepAliveMaxTimeout: idleMs, headersTimeout: 0, bodyTimeout: 0 }));

  // Stop handling: reads in flight are aborted and sleeping retries woken.
  let readsCancelled = false;
  const readControllers = new Set<AbortController>();
  let wakeSleepers: () => void = () => undefined;
  const cancelled = new Promise<void>((resolve) => (wakeSleepers = resolve));
  const cancelledError = (endpoint: PartnerEndpoint) =>
    new PartnerError({ kind: "network", endpoint, message: "cancelled: the bot is stopping", cancelled: true });
  const offThreadMinBytes = opts.offThreadPairsMinBytes ?? OFF_THREAD_PAIRS_MIN_BYTES;
  const maxAnswerBytes = opts.maxAnswerBytes ?? PARTNER_MAX_ANSWER_BYTES;
  const decoder = new TextDecoder();

  function notJson(endpoint: PartnerEndpoint, status: number): PartnerError {
    return new PartnerError({ kind: "invalid-response", endpoint, status, message: "invalid response: body is not valid JSON" });
  }

  /** A worker's outcome → the pairs, or the PartnerError the main-thread path would throw. */
  function pairsFrom(endpoint: PartnerEndpoint, outcome: PairsOutcome): PairMap {
    switch (outcome.kind) {
      case "ok":
        return outcome.pairs;
      case "not-json":
        throw notJson(endpoint, 200);
      case "rejected":
        throwIfRejected(endpoint, { result: false, error: outcome.message }, scrub);
        throw new PartnerError({ kind: "rejected", endpoint, message: "rejected" });
      case "invalid":
        throw new PartnerError({
          kind: "invalid-response",
          endpoint,
          message: `invalid response: field "${outcome.field}": ${outcome.detail}`,
        });
    }
  }

  function urlFor(endpoint: PartnerEndpoint, params: Params): URL {
    const url = new URL(`${base}/${endpoint}`);
    url.searchParams.set("key", opts.apiKey);
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== "") url.searchParams.set(name, value);
    }
    return url;
  }

  function networkError(endpoint: PartnerEndpoint, err: unknown): PartnerError {
    const code = typeof err === "object" && err !== null && "code" in err && typeof err.code === "string" ? err.code : undefined;
    const syscall = typeof err === "object" && err !== null && "syscall" in err ? String(err.syscall) : undefined;
    // Failed while resolving the name or opening the connection: not a byte of the request was
    // written, so the service cannot have seen it.
    const notSent = syscall === "getaddrinfo" || (syscall === "connect" && code === "ECONNREFUSED");
    // Only the error code goes out: a client's own message may repeat the URL, and so the key.
    return new PartnerError({ kind: "network", endpoint, message: `network error${code ? ` (${code})` : ""}`, notSent });
  }

  /** One HTTP attempt → the parsed JSON body of a 2xx answer. */
  async function attempt(endpoint: PartnerEndpoint, url: URL, headers?: Headers): Promise<unknown> {
    const { bytes, status } = await attemptBytes(endpoint, url, headers);
    return parseJson(endpoint, bytes, status);
  }

  function parseJson(endpoint: PartnerEndpoint, bytes: ArrayBuffer, status: number): unknown {
    try {
      return JSON.parse(decoder.decode(bytes));
    } catch {
      throw notJson(endpoint, status);
    }
  }

  /**
   * One attempt at `pairs`. A large answer is parsed and checked off the main thread
   * (pairs-worker.ts); if the worker itself fails, on the main thread as any answer.
   */
  async function attemptPairs(endpoint: PartnerEndpoint, url: URL): Promise<{ outcome: PairsOutcome } | { body: unknown }> {
    const { bytes, status } = await attemptBytes(endpoint, url);
    if (bytes.byteLength >= offThreadMinBytes) {
      const outcome = await parsePairsOffThread(bytes, slicePause()).catch((err: unknown) => {
        opts.logger?.warn(
          { endpoint, err: err instanceof Error ? err.message : String(err) },
          "pairs worker failed; parsing on the main thread",
        );
        return undefined;
      });
      // Thrown here, inside the attempt, like any answer that is not JSON.
      if (outcome?.kind === "not-json") throw notJson(endpoint, status);
      if (outcome) return { outcome };
    }
    return { body: parseJson(endpoint, bytes, status) };
  }

  /** One HTTP attempt → the body of a 2xx answer as bytes; any other status is a PartnerError. */
  async function attemptBytes(endpoint: PartnerEndpoint, url: URL, headers?: Headers): Promise<{ bytes: ArrayBuffer; status: number }> {
    const isRead = READ_ENDPOINTS.has(endpoint);
    if (isRead && readsCancelled) throw cancelledError(endpoint);
    const controller = new AbortController();
    if (isRead) readControllers.add(controller);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let res: WholeAnswer;
    try {
      // Redirects are not followed (undici's request never does): a 3xx is an answer like any other.
      res = await requestWhole(openPool(), url.pathname + url.search, {
        signal: controller.signal,
        headers: { ...headers, accept: "application/json" },
        maxBytes: maxAnswerBytes,
        call: endpoint,
      });
    } catch (err) {
      if (isRead && readsCancelled) throw cancelledError(endpoint);
      if (err instanceof AnswerTooLargeError) {
        throw new PartnerError({
          kind: "invalid-response",
          endpoint,
          message: `invalid response: the answer is over ${err.limitBytes} bytes; reading stopped`,
        });
      }
      if (controller.signal.aborted) {
        throw new PartnerError({ kind: "timeout", endpoint, message: `no answer within ${timeoutMs} ms` });
      }
      throw networkError(endpoint, err);
    } finally {
      clearTimeout(timer);
      readControllers.delete(controller);
    }
    const { bytes } = res;
    if (res.status < 200 || res.status > 299) {
      let body: unknown;
      try {
        body = JSON.parse(decoder.decode(bytes));
      } catch {
        body = undefined;
      }
      const said = serviceMessageOf(body);
      const serviceMessage = said === undefined ? undefined : scrub(said);
      throw new PartnerError({
        kind: "http",
        endpoint,
        status: res.status,
        serviceMessage,
        message: `HTTP ${res.status}${serviceMessage ? `: ${serviceMessage}` : ""}`,
      });
    }
    return { bytes, status: res.status };
  }

  /** Calls an endpoint, retrying reads on retryable failures, reporting every attempt. */
  function call(endpoint: PartnerEndpoint, params: Params = {}, headers?: Headers): Promise<unknown> {
    return callWith(endpoint, params, (e, url) => attempt(e, url, headers));
  }

  /** {@link call} with another way to read an attempt's body (bytes for a large `pairs`). */
  async function callWith<T>(
    endpoint: PartnerEndpoint,
    params: Params,
    attempt: (endpoint: PartnerEndpoint, url: URL) => Promise<T>,
  ): Promise<T> {
    const url = urlFor(endpoint, params);
    const isRead = READ_ENDPOINTS.has(endpoint);
    for (let n = 1; ; n++) {
      const started = performance.now();
      try {
        const body = await attempt(endpoint, url);
        const ms = Math.round(performance.now() - started);
        opts.onRequest?.({ endpoint, ms, ok: true, attempt: n });
        // The parameters' names only: their values are people's addresses, tags and amounts.
        opts.logger?.debug({ endpoint, ms, attempt: n, params: paramNames(params) }, "partner request ok");
        return body;
      } catch (err) {
        const ms = Math.round(performance.now() - started);
        const error =
          err instanceof PartnerError ? err : new PartnerError({ kind: "network", endpoint, message: "unexpected client failure" });
        // A cancelled read says nothing about the service: not reported, not retried.
        if (isRead && readsCancelled) throw error;
        opts.onRequest?.({ endpoint, ms, ok: false, errorKind: error.kind, status: error.status, attempt: n });
        // A create is sent again only when the first one provably never left, and not once a
        // stop has begun (the stop waits for this create; it must not wait for more).
        const mayRetry = isRead ? error.retryable : error.notSent && !readsCancelled;
        if (n > retries || !mayRetry) throw error;
        // Full jitter: spreads the retries of many callers so they do not hit a recovering service together.
        const delay = Math.floor(Math.random() * Math.min(maxDelay, baseDelay * 2 ** (n - 1)));
        opts.logger?.warn(
          { endpoint, attempt: n, errorKind: error.kind, status: error.status, delayMs: delay },
          "partner request failed, retrying",
        );
        await Promise.race([sleep(delay), cancelled]);
        if (isRead && readsCancelled) throw cancelledError(endpoint);
      }
    }
  }

  /**
   * Reads an answer's body into its type. A body of the wrong shape is a service failure like a
   * 5xx (the health figures and the partner-down alert count it), though its HTTP attempt was
   * reported as answered.
   */
  async function shaped<T>(endpoint: PartnerEndpoint, read: () => T | Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (isPartnerError(err, "invalid-response"))
        opts.onRequest?.({ endpoint, ms: 0, ok: false, errorKind: "invalid-response", attempt: 0 });
      throw err;
    }
  }

  return {
    async validateAddress(currency: string, address: string): Promise<boolean> {
      const endpoint = "validate-address";
      const body = await call(endpoint, { currency, address });
      // result:false is this endpoint's "invalid address"; only a false with a reason is a refusal.
      if (serviceMessageOf(body) !== undefined) throwIfRejected(endpoint, body, scrub);
      return (await shaped(endpoint, () => parseBody(endpoint, validateAddressSchema, body))).result;
    },

    async rate(from: string, to: string, amount: string, options?: RateKindOption): Promise<RateResult> {
      const endpoint = "rate";
      const body = await call(endpoint, { from, to, amount, fix: fixParam(options) });
      throwIfRejected(endpoint, body, scrub);
      const parsed = await shaped(endpoint, () => parseBody(endpoint, rateSchema, body));
      const fee = parsed.withdrawalFee;
      const result: RateResult = {
        rate: parsed.rate,
        withdrawalFee: fee === undefined ? undefined : { amount: fee.amount, currency: fee.currency ?? to.toUpperCase() },
      };
      if (parsed.maxamount !== undefined) result.maxAmount = parsed.maxamount;
      if (parsed.fix !== undefined) result.fixed = parsed.fix;
      return result;
    },

    async currencies(): Promise<Currency[]> {
      const endpoint = "currencies";
      const body = await call(endpoint);
      throwIfRejected(endpoint, body, scrub);
      return shaped(endpoint, () => parseBody(endpoint, currenciesSchema, withoutResultFlag(body)));
    },

    async pairs(): Promise<PairMap> {
      const endpoint = "pairs";
      const read = await callWith(endpoint, {}, attemptPairs);
      if ("outcome" in read) return shaped(endpoint, () => pairsFrom(endpoint, read.outcome));
      const body = read.body;
      throwIfRejected(endpoint, body, scrub);
      // Validated in slices (about 800,000 entries at a real service's size): see parsePairs.
      return shaped(endpoint, () => parsePairs(endpoint, withoutResultFlag(body), slicePause()));
    },

    async createExchange(p: CreateExchangeParams): Promise<CreatedExchange> {
      const endpoint = "exchange-create";
      const body = await call(endpoint, {
        from: p.from,
        to: p.to,
        amount: p.amount,
        destinationAddress: p.destinationAddress,
        destinationTag: p.destinationTag,
        refundAddress: p.refundAddress,
        refundTag: p.refundTag,
        fix: fixParam(p),
      });
      throwIfRejected(endpoint, body, scrub);
      return shaped(endpoint, () => parseBody(endpoint, createdExchangeSchema, body));
    },

    async paymentRate(from: string, to: string, amountTo: string): Promise<PaymentQuote> {
      const endpoint = "payment/rate";
      const body = await call(endpoint, { from, to, amountTo });
      throwIfRejected(endpoint, body, scrub);
      return toPaymentQuote(amountTo, await shaped(endpoint, () => parseBody(endpoint, paymentRateSchema, body)));
    },

    async createPayment(p: CreatePaymentParams): Promise<CreatedExchange> {
      const endpoint = "payment/exchange-create";
      const body = await call(endpoint, {
        from: p.from,
        to: p.to,
        amountTo: p.amountTo,
        destinationAddress: p.destinationAddress,
        destinationTag: p.destinationTag,
        refundAddress: p.refundAddress,
        refundTag: p.refundTag,
      });
      throwIfRejected(endpoint, body, scrub);
      return shaped(endpoint, () => parseBody(endpoint, createdExchangeSchema, body));
    },

    async exchangeStatus(id: string): Promise<ExchangeStatusRecord> {
      const endpoint = "exchange-status";
      const body = await call(endpoint, { id });
      throwIfRejected(endpoint, body, scrub);
      return shaped(endpoint, () => parseBody(endpoint, exchangeStatusSchema, body));
    },

    async emergency(request: EmergencyRequest): Promise<void> {
      const endpoint = "payment/emergency";
      const body = await call(endpoint, emergencyParams(request));
      throwIfRejected(endpoint, body, scrub);
      await shaped(endpoint, () => parseBody(endpoint, emergencyAnswerSchema, body));
    },

    async exchangesStatus(ids: readonly string[]): Promise<BatchStatusEntry[]> {
      const endpoint = "exchanges-status";
      const body = await call(endpoint, {}, { [IDS_HEADER]: idsHeaderValue(ids) });
      throwIfRejected(endpoint, body, scrub);
      return shaped(endpoint, () => parseBody(endpoint, batchStatusSchema, body));
    },

    async exchangeHistory(page: number, limit: number): Promise<HistoryEntry[]> {
      const endpoint = "exchange-history";
      const body = await call(endpoint, { page: String(page), limit: String(Math.min(limit, HISTORY_MAX_LIMIT)) });
      throwIfRejected(endpoint, body, scrub);
      return shaped(endpoint, () => parseBody(endpoint, historySchema, body));
    },

    close() {
      const closing = pool;
      pool = undefined;
      void closing?.destroy().catch(() => undefined);
    },

    cancelReads() {
      readsCancelled = true;
      wakeSleepers();
      for (const c of readControllers) c.abort();
    },
  };
}
