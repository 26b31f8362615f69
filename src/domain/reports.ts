/**
 * The shapes of what support is told and shown: alerts, broadcasts' progress, the figures of
 * /stats. Defined here, below both the parts that produce them (src/support/, src/poller/,
 * src/ops/) and the messages that show them (src/messages/admin-messages.ts), so that neither
 * imports the other: support sends its alerts through the messages layer, and the messages layer
 * needs only these types, not support itself.
 */
import type { CreateAttempt, ExchangeRecord, ExchangeStatus } from "./types.js";

/** Why the poller stopped tracking an exchange (written to `tracking.stoppedReason`). */
export type FlagReason = "not-found" | "max-age";

/** One alert, ready to be rendered. */
export type AlertEvent =
  | { key: string; kind: "status"; exchange: ExchangeRecord; status: ExchangeStatus }
  | { key: string; kind: "stuck"; exchange: ExchangeRecord; status: ExchangeStatus; sinceMs: number }
  | { key: string; kind: "flag"; exchange: ExchangeRecord; reason: FlagReason }
  /** The poller gave up because the service kept saying it does not know the exchange (`times` answers). */
  | { key: string; kind: "unknown-at-service"; exchange: ExchangeRecord; times: number }
  /** `startAgain`: the person was offered to start again with the same details (a new order). */
  | { key: string; kind: "create-in-doubt"; attempt: CreateAttempt; reason: string; startAgain?: boolean }
  /** A late-deposit choice was sent to payment/emergency and its answer lost: support confirms it with the service. */
  | { key: string; kind: "late-deposit-in-doubt"; exchange: ExchangeRecord }
  | { key: string; kind: "partner-down"; since: Date }
  | { key: string; kind: "partner-up"; since: Date; until: Date };

export type BroadcastState = "draft" | "running" | "done" | "cancelled";

/** A broadcast as stored. */
export interface BroadcastJob {
  id: string;
  /** The admin who wrote it, and the chat the preview and progress are shown in. */
  adminId: number;
  chatId: number;
  /** Plain text: sent without parse mode, so nothing the admin typed is interpreted. */
  text: string;
  state: BroadcastState;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  /** Snapshot of the recipients (not blocked) when the admin confirmed. */
  recipients: number[];
  progressMessageId?: number;
}

/** Where a broadcast stands. */
export interface BroadcastCounts {
  total: number;
  sent: number;
  blocked: number;
  failed: number;
  /** Marked "sending" by a run that crashed: possibly delivered, never retried. */
  unconfirmed: number;
  remaining: number;
}

/** Users: total, active (seen) in the last 24 h and 7 days, blocked. */
export interface UserStats {
  total: number;
  active24h: number;
  active7d: number;
  blocked: number;
}

/** Exchanges: by status, created and completed in the windows, completed volume per coin. */
export interface ExchangeStats {
  total: number;
  byStatus: Record<string, number>;
  created24h: number;
  created7d: number;
  completed24h: number;
  completed7d: number;
  /** Sum of `amountFrom` of successful exchanges, per sent coin, as decimal strings. */
  volume: Record<string, string>;
}

/** The exchange funnel's steps, in order (counted by src/support/funnel.ts). */
export const FUNNEL_STEPS = ["flow_started", "quoted", "confirmed", "deposit_received", "success"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** One Partner API endpoint's figures over the health window (src/support/partner-health.ts). */
export interface EndpointHealth {
  endpoint: string;
  requests: number;
  errors: number;
  /** errors / requests, 0 when there were none. */
  errorRate: number;
  p50Ms: number;
  p95Ms: number;
}

/** What /stats shows of the counters (they start at zero with the process, as in /metrics). */
export interface OpsTotals {
  updates: number;
  failedUpdates: number;
  telegramErrors: number;
}
