/**
 * Rate alerts, as plain data and pure rules: "tell me when 1 BTC buys at least 20 ETH" (or at
 * most). What a person types after /alert is read here; which alerts a check may look at, and
 * whether an alert is met, are decided here too. No I/O: the store and the partner are the
 * checker's (src/alerts/).
 *
 * The price compared is the service's `rate` for one unit of `from` (src/domain/quote.ts: the
 * amount of `to` that amount buys, before the withdrawal fee).
 */
import { Dec, parseAmount } from "./amount.js";

/** "at least" (>=) or "at most" (<=). */
export type AlertDirection = "above" | "below";

/** One person's alert, as stored. */
export interface RateAlert {
  /** The bot's own short id (hex), unique per chat; carried by the delete button. */
  id: string;
  chatId: number;
  /**
   * The person who set it: only they list and delete it, in a group too. Absent on alerts of
   * earlier versions, set in private chats, whose chat's id is the person's.
   */
  userId?: number;
  from: string;
  to: string;
  direction: AlertDirection;
  /** A canonical decimal string: how much `to` one `from` must buy (at least or at most). */
  threshold: string;
  /** ISO time it was set; it is forgotten {@link ALERT_LIFETIME_MS} later. */
  at: string;
  /**
   * Set when it fired, on disk before its message is queued: the price it fired at. A check that
   * finds it queues that message again (a no-op while the outbox keeps its key) and forgets it,
   * whatever the rate is by then, so a crash in between never fires it a second time later.
   */
  firedAt?: { at: string; price: string };
}

/** An alert that has not fired is forgotten after this long (30 days). */
export const ALERT_LIFETIME_MS = 30 * 86_400_000;

/** How many alerts one person may keep at once. */
export const MAX_ALERTS_PER_PERSON = 10;

/** The amount of `from` every check asks the service about: "1 BTC buys …". */
export const ALERT_UNIT_AMOUNT = "1";

/** Why a typed alert was refused. */
type AlertInputError = "usage" | "operator" | "amount";

/** What a person typed after /alert, read. Coins are upper case; whether they exist is the caller's to check. */
export type AlertInput =
  { ok: true; from: string; to: string; direction: AlertDirection; threshold: string } | { ok: false; reason: AlertInputError };

/** The threshold part alone ("<= 18"), as the guided path asks for it. */
export type ThresholdInput = { ok: true; direction: AlertDirection; threshold: string } | { ok: false; reason: "operator" | "amount" };

const OPERATORS: Record<string, AlertDirection> = { ">=": "above", "≥": "above", "<=": "below", "≤": "below" };
const COIN = /^[A-Za-z0-9]{1,20}$/;
const FULL = /^(\S+)\s+(\S+)\s+(.+)$/s;
const THRESHOLD = /^([<>≤≥=]+)\s*(.*)$/s;

/** Reads "<from> <to> >= <number>" (or "<="). */
export function parseAlertInput(text: string): AlertInput {
  const m = FULL.exec(text.trim());
  if (!m?.[1] || !m[2] || !m[3] || !COIN.test(m[1]) || !COIN.test(m[2])) return { ok: false, reason: "usage" };
  const rest = parseThreshold(m[3]);
  if (!rest.ok) return rest;
  const from = m[1].toUpperCase();
  const to = m[2].toUpperCase();
  if (from === to) return { ok: false, reason: "usage" };
  return { ok: true, from, to, direction: rest.direction, threshold: rest.threshold };
}

/** Reads ">= <number>" or "<= <number>" (also ≥ and ≤). */
export function parseThreshold(text: string): ThresholdInput {
  const m = THRESHOLD.exec(text.trim());
  const direction = m?.[1] === undefined ? undefined : OPERATORS[m[1]];
  if (!m || direction === undefined) return { ok: false, reason: "operator" };
  const amount = parseAmount(m[2] ?? "");
  if (!amount.ok) return { ok: false, reason: "amount" };
  return { ok: true, direction, threshold: amount.value };
}

/** Whether `price` (what one `from` buys now) meets the alert. */
export function alertMet(alert: Pick<RateAlert, "direction" | "threshold">, price: string): boolean {
  const cmp = new Dec(price).cmp(new Dec(alert.threshold));
  return alert.direction === "above" ? cmp >= 0 : cmp <= 0;
}

/** Whether the alert is past its lifetime as of `now`. */
export function alertExpired(alert: Pick<RateAlert, "at">, now: Date): boolean {
  return now.getTime() - Date.parse(alert.at) >= ALERT_LIFETIME_MS;
}

/** The key of a pair: one partner call per pair per check, however many watch it. */
export function pairKey(alert: Pick<RateAlert, "from" | "to">): string {
  return `${alert.from}>${alert.to}`;
}

/**
 * The pairs one check looks at: at most `budget` of them, taken in turn from `cursor` over the
 * pairs in a stable order, so that with more pairs than the budget every pair is looked at within
 * a few intervals. Returns the pairs and where the next check starts.
 */
export function pairsToCheck(pairs: readonly string[], budget: number, cursor: number): { pairs: string[]; next: number } {
  const sorted = [...pairs].sort();
  if (sorted.length <= budget) return { pairs: sorted, next: 0 };
  const start = cursor % sorted.length;
  const chosen: string[] = [];
  for (let i = 0; i < budget; i++) chosen.push(sorted[(start + i) % sorted.length] as string);
  return { pairs: chosen, next: (start + budget) % sorted.length };
}
