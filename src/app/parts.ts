/**
 * The app's parts, built from the config and the opened store without any I/O: nothing here
 * listens, sends, reads or starts a timer (services.ts does, in order, in app-services.ts). So
 * what the app is made of reads top to bottom, in the order the data flows: store → partner →
 * catalog → bot → delivery → poller → support.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "../config.js";
import type { Logger } from "../log.js";
import type { DataStore } from "../store/data-store.js";
import { UsersPerUpdate } from "../store/users-per-update.js";
import { createPartnerClient, type PartnerClient } from "../partner/client.js";
import { createCatalog, type Catalog } from "../partner/catalog.js";
import { createBot, installFeatures } from "../bot/create-bot.js";
import type { BotContext } from "../bot/context.js";
import { RateAlerts } from "../alerts/rate-alerts.js";
import type { BotDeps } from "../bot/deps.js";
import { InFlightUpdates } from "../bot/middleware/in-flight.js";
import { personBucketKinds } from "../bot/middleware/person-limits.js";
import { contactVariable, createI18n, translatorOf, type Translator } from "../messages/i18n.js";
import { settleInterruptedCreates, type InterruptedReport } from "../bot/features/exchange/interrupted.js";
import { pruneCreateMarkers } from "../exchange/create-once.js";
import { RecentUpdates } from "../webhook/recent-updates.js";
import { SharedUpdates } from "../webhook/shared-updates.js";
import { Inbox } from "../updates/inbox.js";
import { expireFlows as expireFlowsOf } from "../bot/features/exchange/expiry.js";
import { readFlow } from "../bot/features/exchange/flow-state.js";
import { pruneLapsedQuestions } from "../bot/questions.js";
import { PressAnswers } from "../bot/press-answers.js";
import { createPoller, type Poller } from "../poller/poller.js";
import { BATCH_STATUS_MAX_IDS } from "../partner/batch-status.js";
import { ExchangeTracker } from "../poller/tracker.js";
import { Delivery } from "../delivery/delivery.js";
import { PartnerHealth } from "../support/partner-health.js";
import { createSupport, type SupportServices } from "../support/services.js";
import type { AppMetrics } from "../ops/metrics.js";
import type { Readiness } from "../ops/readiness.js";
import { opsHandler, type OpsHandler } from "../ops/http.js";
import { webAppHandler } from "../webapp/handler.js";
import { createPersonLimits } from "../bot/middleware/person-limits.js";
import { watchTelegram } from "../ops/telegram-watch.js";
import { openExchangesByStatus, outboxBacklog, pollerLagSeconds } from "../ops/figures.js";
import type { Coordination } from "../store/coordination.js";
import { INTERRUPTED_AFTER_MS, type Topology } from "./topology.js";
import type { DataStores } from "./stores.js";

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** Resolved endpoints: in sandbox mode these point at the in-process servers. */
  botToken: string;
  telegramApiRoot: string | undefined;
  partnerApiUrl: string;
  partnerApiKey: string;
  now?: () => Date;
  botInfo?: UserFromGetMe;
  /** Webhook mode: the interface to listen on (default every one); tests use loopback. */
  webhookHost?: string;
  /** Webhook mode: answer Telegram after at most this long (see webhook/server.ts). */
  webhookAckWithinMs?: number;
  /** Aborted by the first SIGINT/SIGTERM: start-up stops waiting for Telegram at once. */
  signal?: AbortSignal;
  /** Origins besides Telegram's that may show the Mini App in a frame (the playground, in sandbox mode). */
  webAppFrameAncestors?: readonly string[];
  /**
   * Default true: what Telegram sends is on disk before it is confirmed, and replayed after a
   * crash (updates/). false: the runner confirms a batch while it is handled, and a webhook
   * request is answered without a write, as before; for the benchmark that measures the cost.
   */
  updatesOnDisk?: boolean;
}

/** What the app watches itself with; built before the store, whose writes it counts. */
export interface Watch {
  metrics: AppMetrics;
  readiness: Readiness;
}

/** Everything the app is made of, built and not yet started. */
export interface Parts {
  readonly topology: Topology;
  readonly stores: DataStores;
  /** The main store as the parts read it (through the users-per-update cache). */
  readonly store: DataStore;
  readonly coordination: Coordination;
  readonly watch: Watch;
  readonly partner: PartnerClient;
  readonly catalog: Catalog;
  readonly bot: Bot<BotContext>;
  readonly t: Translator;
  readonly inFlight: InFlightUpdates;
  readonly delivery: Delivery;
  readonly tracker: ExchangeTracker;
  readonly poller: Poller;
  readonly support: SupportServices;
  readonly deps: BotDeps;
  /** The rate alerts and their check (run by the leader). */
  readonly rateAlerts: RateAlerts;
  readonly opsHandler: OpsHandler;
  readonly sharedUpdates: SharedUpdates | undefined;
  /** What Telegram sent, on disk until handled (updates/inbox.ts); replayed at start-up. */
  readonly inbox: Inbox;
  /**
   * Whether update `updateId` of chat `chatId` was handled far enough to move the chat on before
   * a kill: it is then not handled again at start-up (updates/replay.ts).
   */
  readonly handledAlready: (chatId: number, updateId: number) => Promise<boolean>;
  readonly now: () => Date;
  /** Removes exchange flows untouched for FLOW_TIMEOUT_MINUTES (as of `at`) and tells their chats. */
  readonly expireFlows: (at?: Date) => Promise<number>;
  /** Settles the creates other processes left unfinished, as of `at`; one pass at a time. */
  readonly settleInterrupted: (at?: Date) => Promise<InterruptedReport>;
  /** Idle for a while: waits for a pass in progress (a stop does, before the store closes). */
  readonly settled: () => Promise<void>;
  /** Prunes what is done with: finished outbox entries, old create markers, old webhook update ids. */
  readonly housekeeping: () => Promise<void>;
}

/** Builds the parts. Reads nothing and starts nothing: the store was opened before, by stores.ts. */
export function buildParts(opts: AppOptions, topology: Topology, stores: DataStores, watch: Watch): Parts {
  const { config, logger } = opts;
  const { metrics, readiness } = watch;
  const now = opts.now ?? (() => new Date());
  const startedAt = now().getTime();
  /**
   * This process among replicas: whose poller claims are whose, and what it begins and may leave
   * unfinished (interrupted.ts); host and pid make it readable in the database and the logs.
   */
  const processId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const { files, coordination } = stores;
  // Every part reads users through it; within an update, each person's record is read once.
  const usersPerUpdate = new UsersPerUpdate(stores.store);
  const store = usersPerUpdate.store;

  // Every partner request is measured for /stats and the "partner down" alert.
  const health = new PartnerHealth();
  const partner = createPartnerClient({
    baseUrl: opts.partnerApiUrl,
    apiKey: opts.partnerApiKey,
    logger: logger.child({ part: "partner" }),
    onRequest: (e) => {
      health.record(e, now());
      metrics.partnerRequest(e);
      readiness.partnerRequest(e);
    },
  });
  const catalog = createCatalog(partner, { logger: logger.child({ part: "catalog" }) });

  // The support contact is a variable of every message, inside an update (ctx.t) and outside.
  const contact = { contact: contactVariable(config.supportContact) };
  const i18n = createI18n(async (userId) => (await store.users.get(userId))?.languageCode, contact);
  const t = translatorOf(i18n, contact);
  const inFlight = new InFlightUpdates((d) => metrics.updateHandled(d.type, d.outcome, d.seconds, d.feature));
  // The Bot first, without handlers: delivery and support send through its Api, and the features
  // (installed below) get them as ordinary dependencies.
  const pressAnswers = new PressAnswers({ now, logger: logger.child({ part: "telegram" }) });
  const bot = createBot({
    token: opts.botToken,
    client: opts.telegramApiRoot ? { apiRoot: opts.telegramApiRoot } : undefined,
    botInfo: opts.botInfo,
    onFailedAttempt: (reason) => metrics.telegramAttemptFailed(reason),
    pressAnswers,
  });
  bot.api.config.use(
    watchTelegram({
      onCall(method, r) {
        // Any answer, even an error, shows Telegram is reachable; only "no answer" does not.
        readiness.telegramCall(r.ok || r.code !== "network", r.ok ? undefined : r.reason);
        if (!r.ok) metrics.telegramError(method, r.code);
      },
    }),
  );

  const { delivery, tracker } = buildDelivery();
  /** From "a status may have changed" to "the person is told": the delivery parts, in one place. */
  function buildDelivery() {
    const delivery = new Delivery({
      store,
      api: bot.api,
      t,
      logger: logger.child({ part: "delivery" }),
      currencies: () => catalog.currencies(),
      offerLateDepositChoice: config.partnerFeatures.has("emergency"),
      explorers: config.explorerUrls,
      now,
    });
    // The leader sends; whichever process queues tells it there is something to send. The leader
    // tells the others which chats it parked entries for (that chat's next update may reach any of
    // them), and which chats' entries ended (a person waiting for their instructions may wait in
    // another replica). One process's news stays in the process: it tells itself.
    const tell = (channel: string, chatId: number) =>
      void coordination
        .notify(channel, String(chatId))
        .catch((err: unknown) => logger.warn({ err, chatId, channel }, "could not tell the other replicas"));
    delivery.on("queued", ({ chatId }) => tell(OUTBOX_NEWS, chatId));
    delivery.on("parked", ({ chatId }) => tell(OUTBOX_PARKED, chatId));
    delivery.on("sent", ({ entry }) => tell(OUTBOX_ENDED, entry.chatId));
    delivery.on("failed", ({ entry }) => tell(OUTBOX_ENDED, entry.chatId));
    const tracker = new ExchangeTracker({ store, partner, notices: delivery, logger: logger.child({ part: "tracker" }), now });
    return { delivery, tracker };
  }

  const poller = createPoller({
    store,
    partner,
    notices: delivery,
    tracker,
    logger: logger.child({ part: "poller" }),
    intervalMs: config.pollIntervalMs,
    maxAgeMs: config.trackingMaxAgeMs,
    owner: processId,
    ...topology.claims,
    now,
    batchStatus: config.partnerFeatures.has("batch-status") ? (ids) => partner.exchangesStatus(ids) : undefined,
    batchSize: BATCH_STATUS_MAX_IDS,
    onFlag: (exchange, reason) => support.alerts.onFlag(exchange, reason),
    onCycle: (report) => metrics.pollerCycle(report),
  });
  const support = createSupport({ config, store, api: bot.api, t, logger, health, poller, delivery, now });
  // Rate alerts: checked by the leader (app-services.ts) within a shared budget of partner calls.
  const rateAlerts = new RateAlerts({
    store,
    partner,
    minimumOf: async (code) => (await catalog.currency(code))?.minAmount,
    delivery,
    t,
    logger: logger.child({ part: "rate-alerts" }),
    now,
    botUsername: () => bot.botInfo.username,
    intervalMs: config.alertCheckIntervalMs,
    pairsPerCheck: config.alertPairsPerInterval,
  });
  const deps: BotDeps = {
    config,
    store,
    partner,
    catalog,
    logger,
    now,
    processId,
    i18n,
    t,
    support,
    delivery,
    tracker,
    metrics,
    rateAlerts,
  };
  // Webhook mode: Telegram's repeats are dropped in this process at once, and with replicas also
  // when the first went to another replica (through the store).
  const sharedUpdates = topology.sharedDedupe
    ? new SharedUpdates({ store, owner: processId, now, logger: logger.child({ part: "webhook" }) })
    : undefined;
  const inbox = new Inbox({ store, owner: processId, now, logger: logger.child({ part: "updates" }) });
  // One count of each person's pace, for their chat and their Mini App alike.
  const limits = createPersonLimits(deps);
  installFeatures(bot, deps, {
    inFlight,
    dedupe: topology.updates.kind === "webhook" ? new RecentUpdates() : undefined,
    // Marks each kept update handled. Polling keeps each batch before it asks for the next
    // (updates/polling.ts); the webhook server an update that outlives its ack window.
    inbox: opts.updatesOnDisk === false ? undefined : inbox.middleware(),
    // A press replayed from the inbox is handled without answering it (bot/press-answers.ts).
    notePresses: pressAnswers.noteArrival((updateId) => inbox.arrivalOf(updateId)),
    sharedDedupe: sharedUpdates,
    // One process's coordination runs it at once; replicas take the chat's lock in the database.
    chatLock: (chatId, fn) => coordination.withChatLock(chatId, fn),
    updateScope: usersPerUpdate.middleware,
    limits,
  });
  metrics.setSources({
    openExchangesByStatus: () => openExchangesByStatus(store),
    outboxBacklog: () => outboxBacklog(delivery),
    storeFileBytes: (): Record<string, number> =>
      files ? { "db.json": files.store.stats.lastWriteBytes, "live.json": files.live.stats.lastWriteBytes } : {},
    pollerLagSeconds: () => pollerLagSeconds(poller, now()) ?? (now().getTime() - startedAt) / 1000,
    readiness: () => readiness.report(),
  });
  const ops = opsHandler({ readiness, metrics, metricsToken: config.metricsToken, metricsAccess: config.metricsAccess });
  // The Mini App, on the same server, where the bot has a public https address for it.
  const webApp =
    config.webAppUrl === undefined
      ? undefined
      : webAppHandler({
          deps,
          botToken: opts.botToken,
          t,
          chosenLanguage: async (userId) => (await store.users.get(userId))?.languageCode,
          limits,
          logger: logger.child({ part: "webapp" }),
          frameAncestors: opts.webAppFrameAncestors ?? [],
        });
  const handler: OpsHandler = webApp === undefined ? ops : async (req, res) => (await ops(req, res)) || webApp(req, res);

  const expireFlows = (at: Date = now()) => expireFlowsOf(deps, bot.api, at);
  let settling: Promise<InterruptedReport> | undefined;
  const settleInterrupted = (at: Date = now()): Promise<InterruptedReport> =>
    (settling ??= settleInterruptedCreates(
      { ...deps, now: () => at },
      { olderThanMs: INTERRUPTED_AFTER_MS, chatLock: (chatId, fn) => coordination.withChatLock(chatId, fn) },
    ).finally(() => {
      settling = undefined;
    }));
  // Housekeeping of the small and the main file: finished outbox entries once the main store
  // holds what they stood for, the create markers of finished exchanges, and (replicas) the
  // webhook update ids too old to come again, and the per-person limits' buckets that are full
  // again (PostgreSQL: as if never taken from).
  const bucketKinds = Object.values(personBucketKinds(config)).filter((kind) => kind !== undefined);
  const housekeeping = async () => {
    await delivery.prune();
    await pruneCreateMarkers(store, now(), config.flowTimeoutMs + 60_000);
    await pruneLapsedQuestions(store, now(), config.flowTimeoutMs);
    await sharedUpdates?.prune(now());
    await store.buckets?.prune(bucketKinds, now().getTime());
  };

  return {
    topology,
    stores,
    store,
    coordination,
    watch,
    partner,
    catalog,
    bot,
    t,
    inFlight,
    delivery,
    tracker,
    poller,
    support,
    deps,
    rateAlerts,
    opsHandler: handler,
    sharedUpdates,
    inbox,
    // A chat's updates are handled in order, and its flow record names the update that last moved
    // it: an update up to that one was handled.
    handledAlready: async (chatId, updateId) => {
      const by = (await readFlow(store, chatId))?.by;
      return by !== undefined && by >= updateId;
    },
    now,
    expireFlows,
    settleInterrupted,
    settled: async () => {
      await settling?.catch(() => undefined);
    },
    housekeeping,
  };
}

/** The coordination channel on which replicas tell the leader that the outbox has a new entry (payload: its chat id). */
export const OUTBOX_NEWS = "outbox";
/** The news channel of chats whose outbox entries wait for that chat's next update (payload: the chat id). */
export const OUTBOX_PARKED = "outbox_parked";
/** The news channel of chats whose entries the sending replica finished (payload: the chat id): waiters look again. */
export const OUTBOX_ENDED = "outbox_ended";
