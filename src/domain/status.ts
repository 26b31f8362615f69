/**
 * Exchange statuses: which ones are final. Pure: no I/O, no grammY, no lowdb.
 */
import { EMERGENCY_KINDS, type ExchangeRecord, type ExchangeStatus } from "./types.js";

/**
 * Statuses after which the service will not change an exchange any more, so the poller stops
 * asking about it. `sending_failed` is deliberately absent: the service may still retry the payout.
 */
export const FINAL_STATUSES: ReadonlySet<ExchangeStatus> = new Set<ExchangeStatus>(["success", "failed", "reverted", "time_expired"]);

/** True when `status` is final (see {@link FINAL_STATUSES}); unknown statuses are not final. */
export function isFinalStatus(status: ExchangeStatus): boolean {
  return FINAL_STATUSES.has(status);
}

/** Number of steps of the progress bar: waiting_deposit (1) … success (5). */
export const PROGRESS_STEPS = 5;

const STEP: Readonly<Record<string, number>> = {
  // The service's first status (its SDK): the order exists and waits for the deposit.
  new: 1,
  waiting_deposit: 1,
  deposit_received: 2,
  exchanging: 3,
  sending: 4,
  // The payout is being retried: the exchange stands where sending stood.
  sending_failed: 4,
  success: 5,
};

/**
 * Where `status` stands on the happy path, 1 (waiting for the deposit) to {@link PROGRESS_STEPS}
 * (success); undefined for the endings that leave it (failed, reverted, time_expired) and for any
 * status the spec does not list, so that no bar is drawn rather than a wrong one.
 */
export function progressStep(status: ExchangeStatus): number | undefined {
  return Object.hasOwn(STEP, status) ? STEP[status] : undefined;
}

/** The icon shown for a status the spec does not list. */
export const NEUTRAL_STATUS_ICON = "🔹";

const ICON: Readonly<Record<string, string>> = {
  waiting_deposit: "⏳",
  deposit_received: "📥",
  exchanging: "🔄",
  sending: "📤",
  success: "✅",
  time_expired: "⌛",
  failed: "❌",
  sending_failed: "⚠️",
  reverted: "↩️",
  new: "🆕",
  payment_time_expired: "⏰",
  payment_halted: "⏸️",
};

/** The icon of a status; {@link NEUTRAL_STATUS_ICON} for one the spec does not list. */
export function statusIcon(status: ExchangeStatus): string {
  return Object.hasOwn(ICON, status) ? (ICON[status] as string) : NEUTRAL_STATUS_ICON;
}

/**
 * Statuses that get a message of their own besides the card edit, because the person must not miss
 * them: the deposit arrived, the coins arrived, or something went wrong and they may need to act.
 */
const MILESTONE_STATUSES: ReadonlySet<ExchangeStatus> = new Set<ExchangeStatus>([
  "deposit_received",
  "success",
  "failed",
  "sending_failed",
  "reverted",
  "time_expired",
]);

/** True when `status` gets its own message (see {@link MILESTONE_STATUSES}). */
export function isMilestone(status: ExchangeStatus): boolean {
  return MILESTONE_STATUSES.has(status);
}

/** True for the statuses that mean something went wrong (the person is told what to do next). */
export function isFailureStatus(status: ExchangeStatus): boolean {
  return status === "failed" || status === "sending_failed" || status === "reverted" || status === "time_expired";
}

/**
 * Milestone messages due when the status moves from `previous` (the last one the person was told
 * about) to `current`, in the order they happen. A deposit that was received and already moved on
 * (the poller saw `exchanging` right after `waiting_deposit`) still gets its "deposit received"
 * message, unless the exchange already ended: then only the ending matters.
 */
export function milestonesBetween(previous: ExchangeStatus | undefined, current: ExchangeStatus): ExchangeStatus[] {
  if (previous === current) return [];
  const before = previous === undefined ? 1 : progressStep(previous);
  const now = progressStep(current);
  const out: ExchangeStatus[] = [];
  if (before !== undefined && before < 2 && now !== undefined && now > 2 && !isFinalStatus(current) && current !== "sending_failed") {
    out.push("deposit_received");
  }
  if (isMilestone(current)) out.push(current);
  return out;
}

const SERVICE_DATE = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Reads the service's `date` ("DD.MM.YYYY HH:MM:SS"). The spec gives no time zone, so it is read
 * as UTC (as the README says). Undefined for anything that is not a real date and time in that
 * format: a malformed date must never break a status check.
 */
export function parseServiceDate(text: string): Date | undefined {
  const m = SERVICE_DATE.exec(text.trim());
  if (!m) return undefined;
  const [day, month, year, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(ms);
  // Date.UTC rolls 31.02 over into March; a round trip rejects such dates.
  if (
    d.getUTCFullYear() !== year ||
    d.getUTCMonth() !== month - 1 ||
    d.getUTCDate() !== day ||
    d.getUTCHours() !== hour ||
    d.getUTCMinutes() !== minute ||
    d.getUTCSeconds() !== second
  ) {
    return undefined;
  }
  return d;
}

/**
 * Whether the service holds a deposit that waits for the person's word (payment/emergency): the
 * order is in `payment_time_expired`, or carries an `emergency` (EXPIRED: the deposit came after
 * the order expired; LESS: less than ordered arrived), and it has not ended.
 */
export function awaitsLateDepositChoice(rec: Pick<ExchangeRecord, "status" | "emergency">): boolean {
  if (isFinalStatus(rec.status)) return false;
  return rec.status === "payment_time_expired" || (EMERGENCY_KINDS as readonly string[]).includes(rec.emergency ?? "");
}

/** Whether a deposit may still be sent: the order waits for it (`new` is the service's first word for that). */
export function awaitsDeposit(status: ExchangeStatus): boolean {
  return status === "waiting_deposit" || status === "new";
}
