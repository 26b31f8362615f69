/**
 * Support's messages: an exchange's full record, a person's summary, /stats, alerts, and the
 * broadcast preview and progress. Plain functions from data to HTML text and keyboards; every
 * value that came from a person or the service is a string, escaped by the translator or by
 * `html` (messages/html.ts).
 */
import { InlineKeyboard } from "grammy";
import type { ExchangeRecord, UserRecord } from "../domain/types.js";
import { statusIcon } from "../domain/status.js";
import type {
  AlertEvent,
  BroadcastCounts,
  BroadcastJob,
  EndpointHealth,
  ExchangeStats,
  FunnelStep,
  OpsTotals,
  UserStats,
} from "../domain/reports.js";
import { BLANK, html, htmlPart, joinHtml, type Html, type HtmlText } from "./html.js";
import { clip, MAX_QUOTED_ADDRESS, MAX_SERVICE_MESSAGE, TEXT_LIMIT, visibleLength } from "./fit.js";
import { encodeCallback } from "./callback-data.js";
import { showAmount, statusLabel } from "./order-card.js";
import type { RenderedMessage } from "./rendered-message.js";
import { emergencyLine, lateChoiceWords, lateStateWords } from "./late-deposit.js";
import type { Translate } from "./i18n.js";

/** "2024-05-01 12:34 UTC" from an ISO time (or the raw value, outside text, if it is not one). */
function showTime(iso: string | number | Date | undefined): string {
  if (iso === undefined) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "@name · <code>123</code> · First" for a person. */
function showUser(userId: number, user: UserRecord | undefined): Html {
  if (!user) return html`<code>${userId}</code>`;
  const name = user.firstName;
  return user.username ? html`@${user.username} · <code>${userId}</code> · ${name}` : html`<code>${userId}</code> · ${name}`;
}

const withTag = (address: string, tag: string): Html =>
  tag ? html`<code>${address}</code> (tag <code>${tag}</code>)` : html`<code>${address}</code>`;

/** "• label: n", a line of a count by status. */
const countLine = (label: Html, n: number): HtmlText => html`• ${label}: ${n}`.text;

/** The buttons under an exchange: re-check, resend instructions (while open), open the user. */
function exchangeButtons(record: ExchangeRecord, t: Translate): InlineKeyboard | undefined {
  const kb = new InlineKeyboard();
  let any = false;
  const recheck = encodeCallback({ kind: "admin-recheck", exchangeId: record.id });
  if (recheck) {
    kb.text(t("admin-button-recheck"), recheck);
    any = true;
  }
  const resend = encodeCallback({ kind: "admin-resend", exchangeId: record.id });
  if (resend) {
    kb.text(t("admin-button-resend"), resend);
    any = true;
  }
  kb.row().text(t("admin-button-user"), encodeCallback({ kind: "admin-user", userId: record.userId }));
  return any || record.userId ? kb : undefined;
}

/** An exchange's full record for support. */
export function renderExchangeRecord(record: ExchangeRecord, user: UserRecord | undefined, t: Translate): RenderedMessage {
  const lines: HtmlText[] = [
    t("admin-ex-title", { icon: statusIcon(record.status), id: record.id }),
    t("admin-ex-status", { status: htmlPart(statusLabel(record.status, t)), raw: record.status }),
    t("admin-ex-user", { user: showUser(record.userId, user) }),
    t("admin-ex-pair", {
      amount: showAmount(record.amountFrom),
      from: record.from,
      quoted: showAmount(record.quotedAmountTo),
      to: record.to,
    }),
  ];
  if (record.expectedAmountFrom || record.expectedAmountTo) {
    lines.push(
      t("admin-ex-expected", {
        amountFrom: showAmount(record.expectedAmountFrom ?? "—"),
        from: record.from,
        amountTo: showAmount(record.expectedAmountTo ?? "—"),
        to: record.to,
      }),
    );
  }
  if (record.amountTo) lines.push(t("admin-ex-received", { amount: showAmount(record.amountTo), to: record.to }));
  if (record.txId) lines.push(t("admin-ex-txid", { txId: record.txId }));
  lines.push(
    t("admin-ex-deposit", { address: withTag(record.depositAddress, record.depositTag) }),
    t("admin-ex-destination", { address: withTag(record.destinationAddress, record.destinationTag) }),
    t("admin-ex-refund", { address: withTag(record.refundAddress, record.refundTag) }),
    t("admin-ex-created", { at: showTime(record.createdAt), updated: showTime(record.updatedAt) }),
  );
  if (record.tracking?.stoppedReason) lines.push(t("admin-ex-stopped", { reason: record.tracking.stoppedReason }));
  const emergency = emergencyLine(record, t);
  if (emergency) lines.push(emergency);
  if (record.lateDeposit) {
    const c = record.lateDeposit;
    lines.push(t("admin-ex-late-deposit", { choice: lateChoiceWords(c, t), state: lateStateWords(c, t), at: showTime(c.at) }));
  }
  lines.push(BLANK, t("admin-ex-history"));
  for (const h of record.statusHistory) lines.push(html`• ${showTime(h.at)} — ${htmlPart(statusLabel(h.status, t))}`.text);
  return { text: joinHtml(lines), reply_markup: exchangeButtons(record, t) };
}

/** A person's summary for /user. */
export function renderUserSummary(
  user: UserRecord,
  summary: { total: number; byStatus: Record<string, number>; volume: Record<string, string> },
  t: Translate,
): RenderedMessage {
  const language = user.languageCode
    ? html`${user.languageCode} (${htmlPart(t("admin-user-chosen"))})`
    : html`${user.telegramLanguageCode ?? "—"}`;
  const lines: HtmlText[] = [
    t("admin-user-title", { user: showUser(user.id, user) }),
    t("admin-user-language", { language }),
    t(user.blocked ? "admin-user-blocked-yes" : "admin-user-blocked-no"),
    t("admin-user-seen", { first: showTime(user.firstSeenAt), last: showTime(user.lastSeenAt) }),
    t("admin-user-exchanges", { count: summary.total }),
  ];
  for (const [status, n] of Object.entries(summary.byStatus)) lines.push(countLine(htmlPart(statusLabel(status, t)), n));
  lines.push(t("admin-volume-title"));
  lines.push(...volumeLines(summary.volume, t));
  const kb = new InlineKeyboard();
  const find = encodeCallback({ kind: "admin-find", query: String(user.id) });
  if (find && summary.total > 0) kb.text(t("admin-button-exchanges"), find);
  return { text: joinHtml(lines), reply_markup: summary.total > 0 ? kb : undefined };
}

/** "• 1.5 BTC" for each coin, or "• none". */
function volumeLines(volume: Record<string, string>, t: Translate): HtmlText[] {
  const entries = Object.entries(volume);
  if (entries.length === 0) return [html`• ${htmlPart(t("admin-none"))}`.text];
  return entries.map(([coin, amount]) => html`• ${showAmount(amount)} ${coin}`.text);
}

/** Everything /stats shows. */
export interface StatsView {
  users: UserStats;
  exchanges: ExchangeStats;
  funnel: Array<{ step: FunnelStep; count: number }>;
  health: EndpointHealth[];
  /** Seconds since the poller's last cycle ended; undefined before the first. */
  pollerLagSeconds: number | undefined;
  pollerBackoff: number;
  openExchanges: number;
  maintenance: boolean;
  /** Counts since start (the same counters as /metrics) and the outbox backlog. */
  ops: OpsTotals & { outboxBacklog: number };
  /** Rate alerts (issue 24): how many, and the shared budget of partner calls their check has. */
  rateAlerts: { alerts: number; pairs: number; intervalSeconds: number; pairsPerCheck: number; rateCalls: number; fired: number };
}

/** The /stats message. */
export function renderStats(s: StatsView, t: Translate): HtmlText {
  const lines: HtmlText[] = [
    t("admin-stats-title"),
    BLANK,
    t("admin-stats-users", { ...s.users }),
    t("admin-stats-exchanges", {
      total: s.exchanges.total,
      created24h: s.exchanges.created24h,
      created7d: s.exchanges.created7d,
      completed24h: s.exchanges.completed24h,
      completed7d: s.exchanges.completed7d,
    }),
  ];
  for (const [status, n] of Object.entries(s.exchanges.byStatus)) lines.push(countLine(htmlPart(statusLabel(status, t)), n));
  lines.push(t("admin-volume-title"), ...volumeLines(s.exchanges.volume, t), BLANK, t("admin-stats-funnel"));
  lines.push(
    joinHtml(
      s.funnel.map((f) => html`${htmlPart(t(`admin-funnel-${f.step}`))} ${f.count}`),
      " → ",
    ),
  );
  lines.push(BLANK, t("admin-stats-health"));
  if (s.health.length === 0) lines.push(html`• ${htmlPart(t("admin-none"))}`.text);
  for (const h of s.health) {
    lines.push(
      t("admin-stats-endpoint", {
        endpoint: h.endpoint,
        requests: h.requests,
        errors: (h.errorRate * 100).toFixed(1),
        p50: h.p50Ms,
        p95: h.p95Ms,
      }),
    );
  }
  lines.push(
    BLANK,
    s.pollerLagSeconds === undefined
      ? t("admin-stats-poller-none", { open: s.openExchanges })
      : t("admin-stats-poller", { lag: s.pollerLagSeconds, backoff: s.pollerBackoff, open: s.openExchanges }),
  );
  lines.push(
    t("admin-stats-ops", {
      updates: s.ops.updates,
      failed: s.ops.failedUpdates,
      telegramErrors: s.ops.telegramErrors,
      backlog: s.ops.outboxBacklog,
    }),
  );
  lines.push(t("admin-stats-rate-alerts", { ...s.rateAlerts }));
  if (s.maintenance) lines.push(t("admin-stats-maintenance"));
  return joinHtml(lines);
}

/** An alert for support, with look-up buttons where the ids fit. */
export function renderAlert(alert: AlertEvent, user: UserRecord | undefined, t: Translate): RenderedMessage {
  switch (alert.kind) {
    case "partner-down":
      return { text: t("admin-alert-partner-down", { since: showTime(alert.since) }) };
    case "partner-up":
      return { text: t("admin-alert-partner-up", { since: showTime(alert.since), until: showTime(alert.until) }) };
    case "create-in-doubt": {
      const a = alert.attempt;
      const tagged = (address: string, tag: string): Html =>
        tag
          ? html`<code>${clip(address, MAX_QUOTED_ADDRESS)}</code> · <code>${clip(tag, MAX_QUOTED_ADDRESS)}</code>`
          : html`<code>${clip(address, MAX_QUOTED_ADDRESS)}</code>`;
      const text = joinHtml([
        t("admin-alert-create-in-doubt", { reason: clip(alert.reason, MAX_SERVICE_MESSAGE), at: showTime(a.at) }),
        t("admin-ex-user", { user: showUser(a.userId, user) }),
        t("admin-alert-create-pair", { amount: showAmount(a.amount), from: a.from, to: a.to }),
        t("admin-alert-create-destination", { address: tagged(a.destinationAddress, a.destinationTag) }),
        t("admin-alert-create-refund", { address: tagged(a.refundAddress, a.refundTag) }),
        ...(alert.startAgain ? [t("admin-alert-create-start-again")] : []),
      ]);
      return {
        text,
        reply_markup: new InlineKeyboard().text(t("admin-button-user"), encodeCallback({ kind: "admin-user", userId: a.userId })),
      };
    }
    default: {
      const e = alert.exchange;
      const head =
        alert.kind === "status"
          ? t("admin-alert-status", { status: htmlPart(statusLabel(alert.status, t)), raw: alert.status })
          : alert.kind === "stuck"
            ? t("admin-alert-stuck", { status: htmlPart(statusLabel(alert.status, t)), since: showTime(alert.sinceMs) })
            : alert.kind === "unknown-at-service"
              ? t("admin-alert-unknown-at-service", { times: alert.times })
              : alert.kind === "late-deposit-in-doubt"
                ? t("admin-alert-late-deposit-in-doubt")
                : t("admin-alert-flag", { reason: alert.reason });
      const text = joinHtml([
        head,
        t("admin-ex-title", { icon: statusIcon(e.status), id: e.id }),
        t("admin-ex-user", { user: showUser(e.userId, user) }),
        t("admin-ex-pair", {
          amount: showAmount(e.amountFrom),
          from: e.from,
          quoted: showAmount(e.quotedAmountTo),
          to: e.to,
        }),
      ]);
      const kb = new InlineKeyboard();
      const find = encodeCallback({ kind: "admin-find", query: e.id });
      if (find) kb.text(t("admin-button-open"), find);
      kb.text(t("admin-button-user"), encodeCallback({ kind: "admin-user", userId: e.userId }));
      return { text, reply_markup: kb };
    }
  }
}

/** The preview of a broadcast draft, with Send and Cancel. */
/**
 * The broadcast's preview: the heading and the text as people will see it, with Send and Cancel
 * under it. One message when both fit; otherwise the heading alone and then the text with the
 * buttons (any text a person could type fits a message by itself), so a broadcast of up to 4096
 * characters can always be previewed.
 */
export function renderBroadcastPreview(job: BroadcastJob, audience: number, t: Translate): RenderedMessage[] {
  const heading = t("admin-bc-preview", { count: audience });
  const body = html`${job.text}`.text;
  const reply_markup = new InlineKeyboard()
    .text(t("admin-bc-send", { count: audience }), encodeCallback({ kind: "admin-broadcast-send", jobId: job.id }))
    .text(t("admin-bc-drop"), encodeCallback({ kind: "admin-broadcast-drop", jobId: job.id }));
  const whole = joinHtml([heading, body], "\n\n");
  if (visibleLength(whole) <= TEXT_LIMIT) return [{ text: whole, reply_markup }];
  return [{ text: heading }, { text: body, reply_markup }];
}

/** The broadcast's progress (with Cancel while it runs) or its final count. */
export function renderBroadcastProgress(job: BroadcastJob, c: BroadcastCounts, final: boolean, t: Translate): RenderedMessage {
  const key = !final ? "admin-bc-progress" : job.state === "cancelled" ? "admin-bc-cancelled" : "admin-bc-done";
  const text = t(key, {
    done: c.sent + c.blocked + c.failed + c.unconfirmed,
    total: c.total,
    sent: c.sent,
    blocked: c.blocked,
    failed: c.failed,
  });
  return {
    text: c.unconfirmed > 0 ? joinHtml([text, t("admin-bc-unconfirmed", { count: c.unconfirmed })]) : text,
    reply_markup: final
      ? undefined
      : new InlineKeyboard().text(t("admin-bc-cancel"), encodeCallback({ kind: "admin-broadcast-cancel", jobId: job.id })),
  };
}
