/**
 * The sandbox's orders and how their statuses move.
 *
 * Statuses are not moved by timers: each read "settles" the order against the clock, applying every
 * transition whose time has come. So a ManualClock drives orders with no sleeps, the real clock
 * drives them for `npm start`, and nothing is left running when the server closes.
 */
import type { SandboxClock } from "./clock.js";

/** Ways an order can end badly; reachable with `orders.fail(id, status)`. */
export type FailureStatus = "failed" | "sending_failed" | "reverted" | "time_expired";

/** The happy path, in order. */
export const HAPPY_PATH = ["waiting_deposit", "deposit_received", "exchanging", "sending", "success"] as const;

/** Statuses after which nothing moves any more. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["success", "failed", "sending_failed", "reverted", "time_expired"]);

/**
 * How long each status lasts on the clock, in milliseconds, or "manual": statuses move only when a
 * test calls `orders.deposit(id)` / `orders.advance(id)` (and never expire).
 */
export type LifecycleTiming =
  | "manual"
  | {
      /** When the simulated client's deposit arrives; null: never (the order waits and then expires). Default 20 s. */
      depositAfterMs?: number | null;
      /** A waiting_deposit order older than this becomes time_expired. Default 30 min. */
      expireAfterMs?: number;
      /** deposit_received → exchanging. Default 10 s. */
      confirmMs?: number;
      /** exchanging → sending. Default 10 s. */
      exchangeMs?: number;
      /** sending → success. Default 10 s. */
      sendMs?: number;
    };

interface ResolvedTiming {
  depositAfterMs: number | null;
  expireAfterMs: number;
  confirmMs: number;
  exchangeMs: number;
  sendMs: number;
}

/** Lifecycle durations used when the option is not given. */
const DEFAULT_LIFECYCLE: ResolvedTiming = {
  depositAfterMs: 20_000,
  expireAfterMs: 30 * 60_000,
  confirmMs: 10_000,
  exchangeMs: 10_000,
  sendMs: 10_000,
};

/** One sandbox order: the spec's status record (2.5) plus the sandbox's bookkeeping. */
export interface SandboxOrder {
  id: string;
  status: string;
  from: string;
  to: string;
  depositAddress: string;
  depositTag: string;
  destinationAddress: string;
  destinationTag: string;
  refundAddress: string;
  refundTag: string;
  expectedAmountFrom: string;
  expectedAmountTo: string;
  amountFrom: string;
  /** Creation time, epoch ms. */
  createdAt: number;
  /** When the current status began, epoch ms (on the sandbox clock). */
  statusSince: number;
  txId: string | null;
  amountTo: string | null;
  /** Every status the order has had, in order, with the time it began. */
  history: { status: string; at: number }[];
  /** The `emergency` status it reports (EXPIRED, LESS), beyond our contract; absent: none. */
  emergency?: string;
  /** What payment/emergency was asked to do, once (a second call is refused). */
  emergencyChoice?: { needExchange: boolean; refundAddress?: string; refundTag?: string };
}

/** What exchange-create hands to the order book. */
type NewOrder = Omit<
  SandboxOrder,
  "status" | "createdAt" | "statusSince" | "txId" | "amountTo" | "history" | "emergency" | "emergencyChoice"
>;

/** The orders of one sandbox; tests reach it as `sandbox.orders`. All methods return copies. */
export interface OrderBook {
  /** Every order, oldest first, settled against the clock. */
  list(): SandboxOrder[];
  /** One order settled against the clock, or undefined. */
  get(id: string): SandboxOrder | undefined;
  /** Moves the order one step along the happy path (waiting_deposit → … → success). Throws on an unknown id or a terminal/unknown status. */
  advance(id: string): SandboxOrder;
  /** Ends the order with a failure status. Throws on an unknown id. */
  fail(id: string, status: FailureStatus): SandboxOrder;
  /** Sets any status string, including ones the spec does not list (to test tolerance). */
  setStatus(id: string, status: string): SandboxOrder;
  /** Makes the order report this transaction id from now on (a service's id of any shape). Throws on an unknown id. */
  setTxId(id: string, txId: string): SandboxOrder;
  /** The client's deposit arrives: waiting_deposit → deposit_received. Throws if the order is not waiting. */
  deposit(id: string): SandboxOrder;
  /**
   * A deposit arrives late (EXPIRED: after the order expired, the default) or short (LESS): the
   * order goes to `payment_time_expired` with that `emergency`, and waits for payment/emergency.
   * Throws unless the order waits for its deposit or has expired without one.
   */
  lateDeposit(id: string, kind?: "EXPIRED" | "LESS"): SandboxOrder;
  /**
   * payment/emergency: continue (the order goes on to `exchanging`) or refund (to `reverted`, to
   * the address given). Throws unless the order waits for that choice (and so on a second call).
   */
  resolveEmergency(id: string, choice: { needExchange: boolean; refundAddress?: string; refundTag?: string }): SandboxOrder;
}

/** The book with the create operation the server needs. */
export interface MutableOrderBook extends OrderBook {
  create(order: NewOrder): SandboxOrder;
  /** Every order as kept (not settled against the clock): what a saved book holds. */
  snapshot(): SandboxOrder[];
}

/** Options of {@link createOrderBook} beyond the clock and the lifecycle. */
export interface OrderBookOptions {
  /** Orders to start with (a saved book), oldest first. */
  initial?: readonly SandboxOrder[];
  /** Called synchronously after every change made through the book (create and the moves). */
  onChange?: () => void;
}

/**
 * Creates an order book on the given clock.
 * @param makeTxId invents a transaction id when an order succeeds (seeded by the server).
 */
export function createOrderBook(
  clock: SandboxClock,
  lifecycle: LifecycleTiming | undefined,
  makeTxId: (id: string) => string,
  options: OrderBookOptions = {},
): MutableOrderBook {
  const manual = lifecycle === "manual";
  const timing: ResolvedTiming = { ...DEFAULT_LIFECYCLE, ...(lifecycle === "manual" || lifecycle === undefined ? {} : lifecycle) };
  const orders = new Map<string, SandboxOrder>();
  for (const order of options.initial ?? []) orders.set(order.id, copy(order));
  const changed = (): void => options.onChange?.();

  function enter(order: SandboxOrder, status: string, at: number): void {
    order.status = status;
    order.statusSince = at;
    order.history.push({ status, at });
    if (status === "success") {
      order.txId = makeTxId(order.id);
      order.amountTo = order.expectedAmountTo;
    }
  }

  /** Applies every clock-driven transition due by now. */
  function settle(order: SandboxOrder): void {
    if (manual) return;
    const now = clock.now();
    for (;;) {
      const since = order.statusSince;
      switch (order.status) {
        case "waiting_deposit": {
          const depositAt = timing.depositAfterMs === null ? Infinity : since + timing.depositAfterMs;
          const expireAt = since + timing.expireAfterMs;
          if (depositAt <= expireAt && depositAt <= now) enter(order, "deposit_received", depositAt);
          else if (expireAt < depositAt && expireAt <= now) enter(order, "time_expired", expireAt);
          else return;
          break;
        }
        case "deposit_received":
          if (since + timing.confirmMs > now) return;
          enter(order, "exchanging", since + timing.confirmMs);
          break;
        case "exchanging":
          if (since + timing.exchangeMs > now) return;
          enter(order, "sending", since + timing.exchangeMs);
          break;
        case "sending":
          if (since + timing.sendMs > now) return;
          enter(order, "success", since + timing.sendMs);
          break;
        default:
          return; // terminal or unknown: nothing moves
      }
    }
  }

  function mustGet(id: string): SandboxOrder {
    const order = orders.get(id);
    if (!order) throw new Error(`sandbox: no order ${id}`);
    settle(order);
    return order;
  }

  return {
    create(init) {
      const now = clock.now();
      const order: SandboxOrder = {
        ...init,
        status: "waiting_deposit",
        createdAt: now,
        statusSince: now,
        txId: null,
        amountTo: null,
        history: [],
      };
      order.history.push({ status: "waiting_deposit", at: now });
      orders.set(order.id, order);
      changed();
      return copy(order);
    },
    snapshot() {
      return [...orders.values()].map(copy);
    },
    list() {
      return [...orders.values()].map((o) => {
        settle(o);
        return copy(o);
      });
    },
    get(id) {
      const order = orders.get(id);
      if (!order) return undefined;
      settle(order);
      return copy(order);
    },
    advance(id) {
      const order = mustGet(id);
      const index = (HAPPY_PATH as readonly string[]).indexOf(order.status);
      const next = HAPPY_PATH[index + 1];
      if (index < 0 || next === undefined) throw new Error(`sandbox: order ${id} cannot advance from ${order.status}`);
      enter(order, next, clock.now());
      changed();
      return copy(order);
    },
    fail(id, status) {
      const order = mustGet(id);
      enter(order, status, clock.now());
      changed();
      return copy(order);
    },
    setStatus(id, status) {
      const order = mustGet(id);
      enter(order, status, clock.now());
      changed();
      return copy(order);
    },
    setTxId(id, txId) {
      const order = mustGet(id);
      order.txId = txId;
      changed();
      return copy(order);
    },
    lateDeposit(id, kind = "EXPIRED") {
      const order = mustGet(id);
      if (order.status !== "waiting_deposit" && order.status !== "time_expired")
        throw new Error(`sandbox: order ${id} is ${order.status}, not waiting for a deposit nor expired`);
      order.emergency = kind;
      enter(order, "payment_time_expired", clock.now());
      changed();
      return copy(order);
    },
    resolveEmergency(id, choice) {
      const order = mustGet(id);
      if (order.status !== "payment_time_expired" || order.emergencyChoice !== undefined)
        throw new Error(`sandbox: order ${id} is ${order.status}, not waiting for an emergency choice`);
      order.emergencyChoice = { ...choice };
      delete order.emergency;
      if (choice.needExchange) {
        enter(order, "exchanging", clock.now());
      } else {
        order.refundAddress = choice.refundAddress ?? order.refundAddress;
        order.refundTag = choice.refundTag ?? "";
        enter(order, "reverted", clock.now());
      }
      changed();
      return copy(order);
    },
    deposit(id) {
      const order = mustGet(id);
      if (order.status !== "waiting_deposit") throw new Error(`sandbox: order ${id} is ${order.status}, not waiting_deposit`);
      enter(order, "deposit_received", clock.now());
      changed();
      return copy(order);
    },
  };
}

function copy(order: SandboxOrder): SandboxOrder {
  return {
    ...order,
    history: order.history.map((h) => ({ ...h })),
    ...(order.emergencyChoice ? { emergencyChoice: { ...order.emergencyChoice } } : {}),
  };
}

/** Formats epoch ms as the spec's "DD.MM.YYYY HH:MM:SS", in UTC. */
export function formatSpecDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
