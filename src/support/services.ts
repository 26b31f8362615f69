/**
 * Support's running parts, built once by app.ts: partner health, alerts, broadcasts, and the
 * funnel's status listener. The admin feature reaches them through `deps.support`.
 */
import type { Api } from "grammy";
import type { Config } from "../config.js";
import type { Logger } from "../log.js";
import type { DataStore } from "../store/data-store.js";
import { chatTranslator, type Translator } from "../messages/i18n.js";
import { PLAIN_TEXT } from "../messages/html-by-default.js";
import { onStatusRecorded } from "../poller/notifier.js";
import { isForbidden, isNotModified, telegramErrorText } from "../delivery/telegram-errors.js";
import { renderAlert, renderBroadcastProgress } from "../messages/admin-messages.js";
import { AlertCenter } from "./alerts.js";
import { BroadcastRunner } from "./broadcast.js";
import { countFunnel, funnelEventsOfChange } from "./funnel.js";
import type { PartnerHealth } from "./partner-health.js";
import { keys, type Delivery } from "../delivery/delivery.js";

/** What the poller tells /stats. */
export interface PollerView {
  readonly lastCycleEndedAt: Date | undefined;
  readonly backoffLevel: number;
}

/** Support's services, as the admin feature sees them. */
export interface SupportServices {
  health: PartnerHealth;
  alerts: AlertCenter;
  broadcasts: BroadcastRunner;
  poller: PollerView;
  /** Starts the alert timer and resumes unfinished broadcasts (resolves once they are resumed). */
  start(): Promise<void>;
  /** Stops the timer and the broadcasts (after the message being sent). */
  stop(): Promise<void>;
}

/** Options of {@link createSupport}. */
export interface SupportOptions {
  config: Config;
  store: DataStore;
  api: Api;
  t: Translator;
  logger: Logger;
  health: PartnerHealth;
  poller: PollerView;
  /** Alerts go out through the outbox (retried until delivered; see delivery.ts for their TTL). */
  delivery: Delivery;
  now: () => Date;
  /** Broadcast pace (messages per second); default 25. */
  broadcastPerSecond?: number;
}

/** Builds support's services over the app's store and Bot API. */
export function createSupport(opts: SupportOptions): SupportServices {
  const { config, store, api, t, logger, health, now } = opts;
  const log = logger.child({ part: "support" });
  const recipients = () => (config.supportChatId !== undefined ? [config.supportChatId] : config.adminIds);

  const alerts = new AlertCenter({
    store,
    health,
    stuckAfterMs: config.stuckAlertMs,
    partnerDownAfterMs: config.partnerDownAlertMs,
    logger: log,
    async deliver(alert) {
      const userId = "exchange" in alert ? alert.exchange.userId : "attempt" in alert ? alert.attempt.userId : undefined;
      const user = userId === undefined ? undefined : await store.users.get(userId);
      for (const chatId of recipients()) {
        const message = renderAlert(alert, user, await chatTranslator(t, store, chatId));
        // One outbox entry per support chat: an unreachable admin never holds back the others, and
        // one who has not opened the bot yet gets it when they do (the outbox keeps it on a 403).
        await opts.delivery.message(keys.alert(alert.key, chatId), chatId, message.text, message.reply_markup, {
          keepWhenForbidden: true,
        });
      }
      log.warn({ key: alert.key, kind: alert.kind }, "alert raised");
    },
  });

  const broadcasts = new BroadcastRunner({
    store,
    logger: log,
    perSecond: opts.broadcastPerSecond,
    now,
    async send(userId, text) {
      try {
        // Plain text, no parse mode: whatever the admin typed is shown exactly as typed.
        await api.sendMessage(userId, text, PLAIN_TEXT);
        return "sent";
      } catch (err) {
        if (isForbidden(err)) {
          await store.users.setBlocked(userId, true);
          return "blocked";
        }
        log.warn({ err: telegramErrorText(err), userId }, "broadcast: message failed");
        return "failed";
      }
    },
    async onProgress(job, counts, final) {
      const view = renderBroadcastProgress(job, counts, final, await chatTranslator(t, store, job.chatId));
      if (job.progressMessageId === undefined) {
        if (final) await api.sendMessage(job.chatId, view.text);
        return;
      }
      try {
        await api.editMessageText(job.chatId, job.progressMessageId, view.text, { reply_markup: view.reply_markup });
      } catch (err) {
        if (!isNotModified(err)) throw err;
      }
    },
  });

  const removeListener = onStatusRecorded(store, async (record, previous) => {
    const before = record.statusHistory.slice(0, -1).map((h) => h.status);
    if (before.length === 0) before.push(previous);
    for (const step of funnelEventsOfChange(before, record.status)) await countFunnel(store, step);
    alerts.onStatus(record);
  });

  let timer: NodeJS.Timeout | undefined;
  return {
    health,
    alerts,
    broadcasts,
    poller: opts.poller,
    async start() {
      // Stuck exchanges and outages are looked for every minute: an alert is at most a minute late.
      timer = setInterval(() => {
        alerts.scan(now()).catch((err: unknown) => log.error({ err }, "alerts: scan failed"));
      }, 60_000);
      timer.unref();
      const resumed = await broadcasts.resumeAll();
      if (resumed > 0) log.info({ resumed }, "broadcasts resumed");
    },
    async stop() {
      if (timer) clearInterval(timer);
      removeListener();
      await broadcasts.stop();
      await alerts.idle();
    },
  };
}
