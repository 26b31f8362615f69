/**
 * The sandbox exchange: the whole Partner API spec over real HTTP (node:http), with a simulated
 * order lifecycle, fault injection and a request log. `npm start` uses it when no partner is
 * configured; every test and benchmark talks to it over loopback.
 */
import http from "node:http";
import { listen } from "../../net/listen.js";
import { foreignApiRequest } from "../local-only.js";
import { realClock, type SandboxClock } from "./clock.js";
import { notFound, type EndpointAnswer } from "./endpoints.js";
import { handleEndpoint } from "./handle-endpoint.js";
import { createFaultTable, ENDPOINTS, type EndpointName, type FaultInjector, type FaultKind } from "./faults.js";
import { createOrderBook, type LifecycleTiming, type OrderBook } from "./orders.js";
import { createResumableRng, createRng, randomString } from "./random.js";
import { loadSandboxState, saveSandboxState, SANDBOX_STATE_VERSION } from "./state-file.js";
import { createRequestLog, type LoggedRequest, type RequestLog } from "./request-log.js";
import { SMALL_CATALOG, type SandboxCatalog } from "./catalog.js";
import { largeCatalog } from "./large-catalog.js";
import { hidingCoins } from "./hidden-coins.js";
import { Decimal } from "decimal.js";
import { ALL_PARTNER_FEATURES, type PartnerFeature, type PartnerFeatures } from "../../partner/features.js";
import { tellListeners } from "../listeners.js";

export { ManualClock } from "./clock.js";
export { SAMPLE_ADDRESSES, type SandboxCoin } from "./catalog.js";
export { SANDBOX_ORDERS_FILE } from "./state-file.js";

/** The catalog sizes the sandbox serves (SANDBOX_CATALOG). */
type SandboxCatalogSize = "small" | "large";

/** The catalog of a size; the large one is generated on first use and shared by every sandbox. */
function sandboxCatalog(size: SandboxCatalogSize): SandboxCatalog {
  return size === "large" ? largeCatalog() : SMALL_CATALOG;
}
export type { EndpointName } from "./faults.js";
export type { SandboxOrder, FailureStatus } from "./orders.js";

/**
 * A moment in a request's life, for {@link SandboxServer.onRequest}: "received" as soon as it is
 * logged (before faults, latency and handling: an exchange-create has created nothing yet);
 * "answered" right after its answer was written (an exchange-create has created its order).
 */
export interface SandboxRequestEvent {
  phase: "received" | "answered";
  request: LoggedRequest;
}

/** Options of {@link startSandbox}; every one has a default, so `startSandbox()` just works. */
export interface SandboxOptions {
  /** Default "127.0.0.1". */
  host?: string;
  /** Default 0: a random free port. */
  port?: number;
  /** Default "sandbox-key". A wrong or missing key → 401 `{ result: false, error: "invalid api key" }`. */
  apiKey?: string;
  /** Default "new". "old": no withdrawalFee in rate, no network in currencies, exchange-status → 404. */
  variant?: "new" | "old";
  /** Default 1; makes ids, deposit addresses and tags deterministic. Ignored when `stateFile` already exists (its seed goes on). */
  seed?: number;
  /**
   * Keeps the orders (and the random generator's position) in this file, written durably after
   * every change and loaded at start, so they outlive a restart (see state-file.ts). Without it,
   * orders live in memory only.
   */
  stateFile?: string;
  /** Default 0; artificial delay before each answer, in real milliseconds. */
  latencyMs?: number;
  /** Default: the real clock. Order statuses move on it. */
  clock?: SandboxClock;
  /** How long each status lasts, or "manual"; see {@link LifecycleTiming}. */
  lifecycle?: LifecycleTiming;
  /**
   * Default "small": about twenty hand-written coins. "large": about 900 generated coins with
   * nearly every pair open, answers as large as a real service's (see large-catalog.ts).
   */
  catalog?: SandboxCatalogSize;
  /**
   * Default true: an amount above the coin's maximum is refused. false: it is quoted and created
   * anyway while `maxamount` is still sent, as a real service did (issue 15): the bot must hold
   * the limit itself.
   */
  enforceMaximum?: boolean;
  /**
   * What the sandbox offers beyond our contract (the service's SDK calls and fields; see
   * docs/partner-api.md). Default: all of them. A call of a feature left out is answered as a
   * service of our contract answers an unknown call (404), and a parameter of one (`fix`) is
   * ignored. The set is read on every request, so whoever passed it may change it while the
   * sandbox runs (the playground's switches do).
   */
  features?: PartnerFeatures;
  /**
   * Default: each coin's own address format. A length: every deposit address handed out is that
   * many characters (the coin's address repeated to it), as a service's address might be that no
   * QR code can hold (more than 2,331 characters), for tests of how the bot shows one.
   */
  depositAddressLength?: number;
}

/** The capability each call beyond our contract belongs to. */
const FEATURE_OF_ENDPOINT: Partial<Record<EndpointName, PartnerFeature>> = {
  "payment/rate": "receive",
  "payment/exchange-create": "receive",
  "payment/emergency": "emergency",
  "exchanges-status": "batch-status",
  "exchange-history": "history",
};

/** A running sandbox. */
export interface SandboxServer {
  /** The spec's {base_url}: "http://127.0.0.1:PORT/api/v1". */
  readonly url: string;
  readonly apiKey: string;
  readonly requests: RequestLog;
  readonly faults: FaultInjector;
  readonly orders: OrderBook;
  readonly clock: SandboxClock;
  /** The coins served, with sample addresses and tags for each (`catalog.sampleAddress(code)`). */
  readonly catalog: SandboxCatalog;
  /** Switches the interface variant for the following requests. */
  setVariant(v: "new" | "old"): void;
  /** Stops offering these coins (as a service does when it delists one); `showCoins()` brings them all back. */
  hideCoins(...codes: string[]): void;
  showCoins(): void;
  /**
   * Changes a coin's maximum for the following rate and exchange-create requests (the currency
   * list, prepared once, keeps the old one, as a client's cached catalog would); undefined restores it.
   */
  setMaximum(code: string, max: string | undefined): void;
  /**
   * Moves every rate by `percent` (0.5 = half a percent more of the coin received, -1 = one
   * percent less), from the rates as served at start: the market moving between a quote and a
   * create. 0 puts them back.
   */
  moveRates(percent: number): void;
  /** Changes the artificial delay for the following requests. */
  setLatency(ms: number): void;
  /**
   * Calls `listener` synchronously at each {@link SandboxRequestEvent}, so a crash test can kill
   * the bot at an exact moment of a request (before or after the order exists). A listener that
   * throws is reported as an uncaught error and never changes the answer. Returns its removal.
   */
  onRequest(listener: (event: SandboxRequestEvent) => void): () => void;
  /** Stops listening and drops every open connection (held "timeout" requests included). */
  close(): Promise<void>;
}

const BASE_PATH = "/api/v1/";

function txIdFor(seed: number, id: string): string {
  let hash = seed >>> 0;
  for (const ch of id) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return randomString(createRng(hash), "0123456789abcdef", 64);
}

function faultAnswer(fault: Exclude<FaultKind, { kind: "timeout" } | { kind: "delay" } | { kind: "lost" } | { kind: "endless" }>): {
  status: number;
  raw: string;
} {
  switch (fault.kind) {
    case "http":
      return { status: fault.status, raw: JSON.stringify({ result: false, error: `sandbox fault: HTTP ${fault.status}` }) };
    case "malformed":
      // Wrong shape: valid JSON that no endpoint's schema accepts.
      return { status: 200, raw: fault.shape === "wrong-shape" ? JSON.stringify({ unexpected: [1, 2, 3] }) : '{"result":true,"rate":' };
    case "rejected":
      return { status: 200, raw: JSON.stringify({ result: false, error: fault.message ?? "service temporarily unavailable" }) };
  }
}

/** Starts a sandbox exchange on loopback and resolves once it listens. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxServer> {
  const host = opts.host ?? "127.0.0.1";
  const apiKey = opts.apiKey ?? "sandbox-key";
  const saved = opts.stateFile === undefined ? undefined : loadSandboxState(opts.stateFile);
  const seed = saved?.seed ?? opts.seed ?? 1;
  const clock = opts.clock ?? realClock;
  let variant = opts.variant ?? "new";
  let latencyMs = opts.latencyMs ?? 0;
  const enforceMaximum = opts.enforceMaximum ?? true;
  const maximums = new Map<string, string>();
  const features = opts.features ?? ALL_PARTNER_FEATURES;
  let rateFactor = new Decimal(1);

  const requests = createRequestLog();
  const faults = createFaultTable();
  const random = createResumableRng(saved?.rngState ?? seed);
  const rng = random.rng;
  const stateFile = opts.stateFile;
  const orders = createOrderBook(clock, opts.lifecycle, (id) => txIdFor(seed, id), {
    initial: saved?.orders,
    // On disk before the answer that reveals the change (an exchange-create's id) is written.
    onChange:
      stateFile === undefined
        ? undefined
        : () => saveSandboxState(stateFile, { version: SANDBOX_STATE_VERSION, seed, rngState: random.state(), orders: orders.snapshot() }),
  });
  const hidden = new Set<string>();
  const catalog = hidingCoins(sandboxCatalog(opts.catalog ?? "small"), hidden);
  // Serialised now rather than on the first request: the large answers take a few hundred ms to
  // build, which must not land inside a test's or a benchmark's measurement of the bot.
  catalog.currenciesBody(variant);
  catalog.pairsBody();
  const delays = new Set<NodeJS.Timeout>();
  const listeners = new Set<(event: SandboxRequestEvent) => void>();

  function emit(event: SandboxRequestEvent): void {
    tellListeners(listeners, event);
  }

  function send(res: http.ServerResponse, entry: LoggedRequest, status: number, raw: string | Buffer): void {
    entry.status = status;
    // A delayed answer may find the client gone (it timed out): the answer was still "given".
    if (!res.destroyed) {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(raw) });
      res.end(raw);
    }
    emit({ phase: "answered", request: entry });
  }

  function encode(a: EndpointAnswer): { status: number; raw: string | Buffer } {
    // The catalog's large answers come prepared ("raw"); the rest is serialised here.
    return { status: a.status, raw: "raw" in a ? a.raw : JSON.stringify(a.body) };
  }

  /** What the sandbox answers to this request when no fault applies. */
  function handle(req: http.IncomingMessage, url: URL, entry: LoggedRequest): { status: number; raw: string | Buffer } {
    if (req.method !== "GET") return encode({ status: 405, body: { result: false, error: "method not allowed" } });
    if (url.searchParams.get("key") !== apiKey) return encode({ status: 401, body: { result: false, error: "invalid api key" } });
    if (!(ENDPOINTS as readonly string[]).includes(entry.endpoint) || !url.pathname.startsWith(BASE_PATH)) {
      return encode(notFound());
    }
    const feature = FEATURE_OF_ENDPOINT[entry.endpoint as EndpointName];
    if (feature !== undefined && !features.has(feature)) return encode(notFound());
    const params = Object.fromEntries(url.searchParams);
    try {
      const header = (name: string): string | undefined => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(",") : value;
      };
      return encode(
        handleEndpoint(entry.endpoint as EndpointName, params, {
          variant,
          catalog,
          orders,
          rng,
          enforceMaximum,
          maximums,
          features,
          rateFactor,
          header,
          depositAddressLength: opts.depositAddressLength,
        }),
      );
    } catch (err) {
      // A sandbox bug: answer like a broken server would, and say what broke on stderr.
      console.error("sandbox: internal error", err);
      return encode({ status: 500, body: { result: false, error: "internal error" } });
    }
  }

  function respond(req: http.IncomingMessage, res: http.ServerResponse, url: URL, entry: LoggedRequest): void {
    const fault = faults.take(entry.endpoint);
    if (fault?.kind === "timeout") return; // held open; close() drops the socket
    if (fault?.kind === "delay") {
      const { status, raw } = handle(req, url, entry);
      const timer = setTimeout(() => {
        delays.delete(timer);
        send(res, entry, status, raw);
      }, fault.ms);
      delays.add(timer);
      return;
    }
    if (fault?.kind === "lost") {
      handle(req, url, entry);
      send(res, entry, fault.status, JSON.stringify({ result: false, error: `sandbox fault: HTTP ${fault.status} (answer lost)` }));
      return;
    }
    if (fault?.kind === "endless") {
      sendWithoutEnd(res, entry);
      return;
    }
    const { status, raw } = fault ? faultAnswer(fault) : handle(req, url, entry);
    send(res, entry, status, raw);
  }

  /** The "endless" fault: a JSON number whose digits never stop, as fast as the client takes them. */
  function sendWithoutEnd(res: http.ServerResponse, entry: LoggedRequest): void {
    entry.status = 200;
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.write('{"result":true,"rate":"1');
    const digits = Buffer.alloc(64 * 1024, "0");
    let open = true;
    res.once("close", () => {
      open = false;
      emit({ phase: "answered", request: entry });
    });
    const pump = (): void => {
      // Written until the socket's buffer is full, then again once it drains: never ahead of the reader.
      while (open && res.write(digits));
      if (open) res.once("drain", pump);
    };
    pump();
  }

  const server = http.createServer((req, res) => {
    // Every call is a GET by the contract, so what a page's `<img>` could send: refused before it
    // is logged or acted on when a browser made it for another page (local-only.ts).
    const refused = foreignApiRequest(req, port, host);
    if (refused !== undefined) {
      const body = JSON.stringify({ result: false, error: refused });
      res.writeHead(403, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
      return;
    }
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const endpoint = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    const params = Object.fromEntries(url.searchParams);
    if ("key" in params) params.key = "***";
    const entry = requests.record({ endpoint, params, at: clock.now(), status: undefined });
    emit({ phase: "received", request: entry });
    if (latencyMs <= 0) {
      respond(req, res, url, entry);
      return;
    }
    const timer = setTimeout(() => {
      delays.delete(timer);
      respond(req, res, url, entry);
    }, latencyMs);
    delays.add(timer);
  });
  server.keepAliveTimeout = 5_000;

  const origin = await listen(server, opts.port, host);
  // Known before the first request: none is taken before listen resolves.
  const port = Number(new URL(origin).port);
  let closed: Promise<void> | undefined;

  return {
    url: `${origin}/api/v1`,
    apiKey,
    requests,
    faults,
    orders,
    clock,
    catalog,
    hideCoins(...codes) {
      for (const code of codes) hidden.add(code.toUpperCase());
    },
    showCoins() {
      hidden.clear();
    },
    setVariant(v) {
      variant = v;
    },
    setMaximum(code, max) {
      if (max === undefined) maximums.delete(code.toUpperCase());
      else maximums.set(code.toUpperCase(), max);
    },
    moveRates(percent) {
      if (!Number.isFinite(percent) || percent <= -100) throw new RangeError(`moveRates: percent must be above -100, got ${percent}`);
      rateFactor = new Decimal(1).plus(new Decimal(percent).div(100));
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    onRequest(listener) {
      // Wrapped, so the same function registered twice is two listeners, each removed on its own.
      const entry = (event: SandboxRequestEvent): void => listener(event);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        for (const timer of delays) clearTimeout(timer);
        delays.clear();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
