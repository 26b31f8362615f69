/**
 * Wires the parts together in the order the data flows: store → partner → catalog → bot → runner.
 * `main.ts` calls it for the real process; end-to-end tests call it with a temporary data dir, the
 * sandbox exchange and the Bot API emulator, so they exercise exactly the production wiring.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "./config.js";
import type { Logger } from "./log.js";
import { openStore, type Store } from "./store/store.js";
import type { DataStore } from "./store/data-store.js";
import { fileDataStore } from "./store/file-data-store.js";
import { UsersPerUpdate } from "./store/users-per-update.js";
import { startArchiver, type Archiver } from "./store/archive-schedule.js";
import { createPartnerClient, REQUEST_TIME_LIMIT_MS, DEFAULT_TIMEOUT_MS } from "./partner/client.js";
import { createCatalog, type Catalog } from "./partner/catalog.js";
import type { PartnerApi } from "./domain/types.js";
import { createBot, installFeatures } from "./bot/create-bot.js";
import { InFlightUpdates } from "./bot/middleware/in-flight.js";
import { RecentUpdates } from "./webhook/recent-updates.js";
import { SharedUpdates } from "./webhook/shared-updates.js";
import { startWebhookServer, type WebhookServer } from "./webhook/server.js";
import { hostOf, waitForTelegram } from "./net/wait-for-telegram.js";

/**
 * How long a stop waits for running handlers. A stop cancels partner reads at once (a read with
 * its retries takes up to three time limits, longer than any process manager waits), so what is
 * left to wait for is an exchange-create in flight: one attempt's time limit, plus storing it.
 */
const STOP_GRACE_MS = DEFAULT_TIMEOUT_MS + 5_000;

/**
 * Replicas: a create begun longer ago than this, and whose chat no replica is handling, was left
 * by a process that is gone (interrupted.ts). The longest create, plus room for the store's
 * writes and the Telegram calls around it, and for replicas' clocks that differ a little.
 */
const INTERRUPTED_AFTER_MS = REQUEST_TIME_LIMIT_MS + 2 * 60_000;
import type { BaseContext, BotContext } from "./bot/context.js";
import { registerCommands } from "./bot/commands.js";
import { chatTranslator, contactVariable, createI18n, translatorOf } from "./messages/i18n.js";
import { expireConversations } from "./bot/conversation-storage.js";
import { settleInterruptedCreates, type InterruptedReport } from "./bot/features/exchange/interrupted.js";
import { createPoller, type Poller } from "./poller/poller.js";
import { Notifier } from "./poller/notifier.js";
import type { BotDeps } from "./bot/deps.js";
import { registerAdminCommands } from "./bot/features/admin/commands.js";
import { PartnerHealth } from "./support/partner-health.js";
import { createSupport, type SupportServices } from "./support/services.js";
import { Delivery } from "./delivery/delivery.js";
import { ExchangeTracker } from "./poller/tracker.js";
import { pruneCreateMarkers } from "./bot/features/exchange/create-exchange.js";
import { createMetrics, type AppMetrics } from "./ops/metrics.js";
import { Readiness } from "./ops/readiness.js";
import { opsHandler, startOpsServer, type OpsHandler, type OpsServer } from "./ops/http.js";
import { watchTelegram } from "./ops/telegram-watch.js";
import { singleProcessCoordination, type Coordination, type Leadership } from "./store/coordination.js";
import { postgresCoordination } from "./store/postgres/coordination.js";
import { openPostgresStore } from "./store/postgres/postgres-store.js";
import { openExchangesByStatus, outboxBacklog, pollerLagSeconds } from "./ops/figures.js";

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
}

/** The update types the bot uses, for getUpdates and setWebhook alike. */
const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "chosen_inline_result", "my_chat_member"] as const;

export interface App {
  readonly bot: Bot<BotContext>;
  /** The bot's state, as every part of the app reads and changes it. */
  readonly store: DataStore;
  /**
   * The lowdb files behind `store`, when the data lives in files: the archiver works on
   * them directly, and tests read them synchronously.
   */
  readonly files: FileStores | undefined;
  readonly partner: PartnerApi;
  readonly catalog: Catalog;
  /** The status poller (started with the app); tests call `poller.runCycle()`. */
  readonly poller: Poller;
  /** Hands status notices to the outbox; `notifier.idle()` waits until they are sent. */
  readonly notifier: Notifier;
  /** The outbox (deposit instructions, notices, alerts): `delivery.outbox.idle()`, `retryNow()`. */
  readonly delivery: Delivery;
  /** The one owner of an exchange's status (fetch → record → notify). */
  readonly tracker: ExchangeTracker;
  /** Support's services: alerts (`alerts.scan(at)`, `alerts.idle()`), broadcasts, partner health. */
  readonly support: SupportServices;
  /** Webhook mode only: the local server Telegram's requests reach through the proxy. */
  readonly webhook: WebhookServer | undefined;
  /**
   * /healthz, /readyz, /metrics: `handler` can be mounted next to a webhook route; `server` is
   * the app's own listener when PORT is set.
   */
  readonly ops: { metrics: AppMetrics; readiness: Readiness; handler: OpsHandler; server: OpsServer | undefined };
  /**
   * Moves finished exchanges older than ARCHIVE_AFTER_DAYS out of db.json: at start-up and hourly.
   * Tests call `archiver.runNow(at)` with a time of their choosing, and `archiver.idle()`.
   */
  readonly archiver: Archiver;
  /** Removes exchange flows untouched for FLOW_TIMEOUT_MINUTES (as of `at`) and tells their chats. */
  expireFlows(at?: Date): Promise<number>;
  /**
   * Replicas: settles the creates other processes left unfinished, as of `at` (the leader's pass,
   * run when it gains the lead and every minute; see interrupted.ts). One at a time per process.
   */
  settleInterrupted(at?: Date): Promise<InterruptedReport>;
  /** Stops taking updates, lets running handlers finish, flushes the store. Safe to call twice. */
  stop(): Promise<void>;
}

/** Starts the bot and everything it needs; resolves once it is polling for (or taking) updates. */
export async function startApp(opts: AppOptions): Promise<App> {
  const { config, logger } = opts;
  const now = opts.now ?? (() => new Date());
  const startedAt = now().getTime();
  /**
   * This process among replicas: whose poller claims are whose, and what it begins and may leave
   * unfinished (interrupted.ts); host and pid make it readable in the database and the logs.
   */
  const processId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const metrics = createMetrics();
  const readiness = new Readiness({
    dataDir: config.dataDir,
    // Without updates there is no getUpdates to show Telegram answers: only a failed call counts.
    ...(config.takesUpdates ? {} : { telegramWindowMs: Infinity }),
  });
  const onWrite = (file: string) => (r: { ok: true; ms: number } | { ok: false }) => {
    readiness.storeWrite(file, r.ok);
    if (r.ok) metrics.storeWrite(file, r.ms);
  };
  const stores = await openDataStores(config, logger, onWrite);
  const { files, coordination } = stores;
  // Every part reads users through it; within an update, each person's record is read once.
  const usersPerUpdate = new UsersPerUpdate(stores.store);
  const store = usersPerUpdate.store;
  /** Several processes share the store: jobs that must run once go to one leader (see below). */
  const replicated = files === undefined;
  if (replicated && config.pollLeaseMs < REQUEST_TIME_LIMIT_MS) {
    // Allowed (tests kill replicas within seconds), but a slow status check can then outlive its
    // lease and be repeated by another replica: a second request, never a second notice.
    logger.warn(
      { pollLeaseMs: config.pollLeaseMs, longestCheckMs: REQUEST_TIME_LIMIT_MS },
      "POLL_LEASE_MS is shorter than the longest status check; another replica may check a slow one again",
    );
  }
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

  if (files) dropOldFlowStates(files.store, logger);
  // The support contact is a variable of every message, inside an update (ctx.t) and outside.
  const contact = { contact: contactVariable(config.supportContact) };
  const i18n = createI18n<BaseContext>(async (userId) => (await store.users.get(userId))?.languageCode, contact);
  const t = translatorOf(i18n, contact);
  const inFlight = new InFlightUpdates((d) => metrics.updateHandled(d.type, d.outcome, d.seconds));
  const webhookUrl = config.webhookUrl;
  // The Bot first, without handlers: delivery and support send through its Api, and the features
  // (installed below) get them as ordinary dependencies.
  const bot = createBot({
    token: opts.botToken,
    client: opts.telegramApiRoot ? { apiRoot: opts.telegramApiRoot } : undefined,
    botInfo: opts.botInfo,
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

  const delivery = new Delivery({
    store,
    live: store,
    api: bot.api,
    t,
    logger: logger.child({ part: "delivery" }),
    currencies: () => catalog.currencies(),
    now,
    // Replicas: the leader sends; the others tell it there is something to send. The leader tells
    // the others which chats it parked entries for, as that chat's next update may reach any of them.
    onQueued: replicated
      ? (chatId) =>
          void coordination
            .notify(OUTBOX_NEWS, String(chatId))
            .catch((err: unknown) => logger.warn({ err, chatId }, "could not tell the sending replica"))
      : undefined,
    onParked: replicated
      ? (chatId) =>
          void coordination
            .notify(OUTBOX_PARKED, String(chatId))
            .catch((err: unknown) => logger.warn({ err, chatId }, "could not tell the other replicas of a parked chat"))
      : undefined,
  });
  const notifier = new Notifier({ store, delivery, logger: logger.child({ part: "notifier" }) });
  const tracker = new ExchangeTracker({ store, partner, notifier, logger: logger.child({ part: "tracker" }), now });
  const poller = createPoller({
    store,
    partner,
    notifier,
    tracker,
    logger: logger.child({ part: "poller" }),
    intervalMs: config.pollIntervalMs,
    maxAgeMs: config.trackingMaxAgeMs,
    // Replicas share the checks out through leases on the database's rows; a lowdb file has one
    // process, which takes every due exchange at once (its claims are a map in memory).
    owner: processId,
    ...(replicated ? { leaseMs: config.pollLeaseMs } : { leaseMs: 86_400_000, claimBatch: Number.MAX_SAFE_INTEGER }),
    now,
    onFlag: (exchange, reason) => support.alerts.onFlag(exchange, reason),
    onCycle: (report) => metrics.pollerCycle(report),
  });
  const support = createSupport({ config, store, api: bot.api, t, logger, health, poller, delivery, now });
  const deps: BotDeps = { config, store, partner, catalog, logger, now, processId, i18n, t, support, delivery, tracker, metrics };
  // Webhook mode: Telegram's repeats are dropped in this process at once, and with replicas also
  // when the first went to another replica (through the store).
  const sharedUpdates =
    replicated && webhookUrl !== undefined
      ? new SharedUpdates({ store, owner: processId, now, logger: logger.child({ part: "webhook" }) })
      : undefined;
  installFeatures(bot, deps, {
    inFlight,
    dedupe: webhookUrl !== undefined ? new RecentUpdates() : undefined,
    sharedDedupe: sharedUpdates,
    chatLock: replicated ? (chatId, fn) => coordination.withChatLock(chatId, fn) : undefined,
    updateScope: usersPerUpdate.middleware,
  });
  metrics.setSources({
    openExchangesByStatus: () => openExchangesByStatus(store),
    outboxBacklog: () => outboxBacklog(delivery),
    storeFileBytes: (): Record<string, number> =>
      files ? { "db.json": files.store.stats.lastWriteBytes, "live.json": files.live.stats.lastWriteBytes } : {},
    pollerLagSeconds: () => pollerLagSeconds(poller, now()) ?? (now().getTime() - startedAt) / 1000,
  });
  const handler = opsHandler({ readiness, metrics, metricsToken: config.metricsToken });
  readiness.start();
  let opsServer: OpsServer | undefined;

  let runner: RunnerHandle | undefined;
  let webhook: WebhookServer | undefined;
  try {
    // Before Telegram is reached: while start-up waits, /readyz says what is missing.
    // (In webhook mode they share the webhook's server on PORT, started below.)
    if (config.port !== undefined && webhookUrl === undefined) {
      opsServer = await startOpsServer(handler, config.port);
      logger.info({ port: config.port }, "serving /healthz, /readyz and /metrics");
    }
    // Said out loud and stoppable: an unreachable Telegram is logged with each retry (see
    // wait-for-telegram.ts), instead of start-up going silent inside grammY's 500 s time limit.
    if (opts.botInfo === undefined) {
      bot.botInfo = await waitForTelegram({ token: opts.botToken, apiRoot: opts.telegramApiRoot, logger, signal: opts.signal });
    }
    // Sets the bot's identity from getMe above (or the given botInfo): no second call.
    await bot.init();
    // Nothing at start-up waits for the partner API (the catalog loads on first use, the poller
    // runs in the background): say so, so a silent partner is not mistaken for a stuck start-up.
    logger.info(
      { host: hostOf(opts.partnerApiUrl) },
      "partner: not contacted at start-up; first request on first use or the first poller cycle",
    );
    // A webhook left over from another deployment would make getUpdates fail with 409.
    if (webhookUrl === undefined && config.takesUpdates) {
      // grammY types its signal with a shim of AbortSignal; the runtime object is Node's own.
      await bot.api.deleteWebhook(undefined, opts.signal as Parameters<typeof bot.api.deleteWebhook>[1]);
    }
    await registerCommands(bot.api, t);
    await registerAdminCommands(bot.api, t, config.adminIds, logger);
    // Before any update: a person left at "Creating your exchange…" by the last process is told.
    // Replicas cannot: another one may be creating right now; their leader looks (below).
    if (!replicated) await settleInterruptedCreates(deps);
    if (!config.takesUpdates) {
      // A replica beside the one that long-polls (Telegram allows one getUpdates per bot).
    } else if (webhookUrl === undefined) {
      runner = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
    } else {
      // Listening before setWebhook, so Telegram's first delivery finds the server up.
      webhook = await startWebhookServer({
        bot,
        secretToken: config.webhookSecret ?? "",
        path: new URL(webhookUrl).pathname,
        port: config.port ?? 8080,
        host: opts.webhookHost,
        ackWithinMs: opts.webhookAckWithinMs,
        logger: logger.child({ part: "webhook" }),
        // /healthz, /readyz and /metrics on the same port; each delivery shows Telegram reaches us
        // (there is no getUpdates to show it in this mode).
        otherPaths: handler,
        onDelivery: () => readiness.telegramCall(true),
      });
      // Updates queued while the bot was down are kept (drop_pending_updates: false).
      await bot.api.setWebhook(webhookUrl, {
        secret_token: config.webhookSecret,
        allowed_updates: [...ALLOWED_UPDATES],
        drop_pending_updates: false,
      });
    }
  } catch (err) {
    await webhook?.close();
    readiness.stop();
    await opsServer?.close();
    await stores.close();
    partner.close();
    throw err;
  }
  if (!config.takesUpdates)
    logger.info(
      { bot: bot.botInfo.username, mode: config.mode },
      "bot takes no updates here (TELEGRAM_UPDATES=none): it checks exchanges and sends as one of the replicas",
    );
  else if (webhook === undefined) logger.info({ bot: bot.botInfo.username, mode: config.mode }, "bot is polling for updates");
  else logger.info({ bot: bot.botInfo.username, mode: config.mode }, "bot is taking updates by webhook");
  // What was queued but not sent before the last stop (or a crash) goes out first: the outbox's
  // entries, instructions never queued, notices never handed over; then tracking resumes.
  const sendQueued = async () => {
    await delivery.reconcile();
    const missed = await notifier.catchUp();
    if (missed > 0) logger.info({ missed }, "sending status notices stored before the last stop");
    delivery.outbox.start();
  };
  let settling: Promise<InterruptedReport> | undefined;
  const settleInterrupted = (at: Date = now()): Promise<InterruptedReport> =>
    (settling ??= settleInterruptedCreates(
      { ...deps, now: () => at },
      { olderThanMs: INTERRUPTED_AFTER_MS, chatLock: (chatId, fn) => coordination.withChatLock(chatId, fn) },
    ).finally(() => {
      settling = undefined;
    }));
  const settleInBackground = () =>
    void settleInterrupted().catch((err: unknown) => logger.error({ err }, "could not settle the creates left by other replicas"));
  let leadership: Leadership | undefined;
  if (!replicated) {
    await sendQueued();
    poller.start();
    await support.start();
  } else {
    // Every replica polls the service, each taking its share of the due exchanges through the
    // store's claims (poller.ts); a change is recorded and told once (recordStatus compares inside
    // its update, the notice's key is unique). One leader sends the outbox, catches up notices,
    // and runs support's checks and the timers below: one sender per bot token is also what
    // Telegram's per-bot limits want. When the leader dies, its lock goes with its database
    // session and another replica takes over within seconds.
    poller.start();
    // The news names the chat, so the leader reads only that chat again; no chat (the news
    // connection was replaced, some news may be lost) reads every chat.
    await coordination.listen(OUTBOX_NEWS, (chatId) => delivery.outbox.poke(/^-?\d+$/.test(chatId) ? Number(chatId) : undefined));
    await coordination.listen(OUTBOX_PARKED, (chatId) => {
      if (/^-?\d+$/.test(chatId)) delivery.outbox.knowParked(Number(chatId));
      // No chat: the news connection was replaced, and some names may have been missed.
      else
        void delivery.outbox.relearnParked().catch((err: unknown) => logger.warn({ err }, "could not read which chats wait for an update"));
    });
    leadership = coordination.lead("jobs", {
      onGain: () => {
        sendQueued()
          .then(() => support.start())
          .then(settleInBackground)
          .catch((err: unknown) => logger.error({ err }, "could not start the leader's jobs"));
      },
      onLose: () => {
        if (stopping) return;
        // Only when this process's database connection failed: sending stops here and another
        // replica leads. Restart this one to have it take part again.
        logger.error("this replica lost the lead of sending and support's checks; restart it to rejoin");
        void delivery.outbox.stop();
        void support.stop();
      },
    });
  }
  const leads = () => leadership?.isLeader ?? true;
  // After the notices were caught up: an exchange whose last notice is still owed is never archived.
  const archiver = files
    ? startArchiver({ archive: files.store.archive, afterMs: config.archiveAfterMs, now, logger: logger.child({ part: "archive" }) })
    : noArchive;

  const expireFlows = (at: Date = now()) =>
    expireConversations({
      store,
      api: bot.api,
      logger,
      now: () => at,
      timeoutMs: config.flowTimeoutMs,
      expiredText: async (chatId) =>
        (await chatTranslator(t, store, chatId))("flow-expired", { minutes: Math.round(config.flowTimeoutMs / 60_000) }),
    });
  // Checked every minute: expiry is announced at most a minute late, and the check is a scan of
  // the few chats that are in a flow.
  const expiryTimer = setInterval(() => {
    if (!leads()) return;
    expireFlows().catch((err: unknown) => logger.error({ err }, "flow expiry failed"));
  }, 60_000);
  expiryTimer.unref();
  // Housekeeping of the small and the main file: finished outbox entries once the main store
  // holds what they stood for, the create markers of finished exchanges, and (replicas) the
  // webhook update ids too old to come again.
  const housekeeping = async () => {
    await delivery.prune();
    if ((await pruneCreateMarkers(store, now(), config.flowTimeoutMs + 60_000)) > 0) await store.whenDurable();
    await sharedUpdates?.prune(now());
  };
  const housekeepingTimer = setInterval(() => {
    if (!leads()) return;
    if (replicated) {
      // News can be missed while the leader's listening connection is replaced: look anyway.
      delivery.outbox.poke();
      // A replica that died while creating left its person at "Creating…" (interrupted.ts).
      settleInBackground();
    }
    housekeeping().catch((err: unknown) => logger.error({ err }, "housekeeping failed"));
  }, 60_000);
  housekeepingTimer.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info("stopping: finishing running updates");
      // Unready at once, so a load balancer stops sending; the server answers until the end.
      readiness.stop();
      clearInterval(expiryTimer);
      clearInterval(housekeepingTimer);
      if (runner?.isRunning()) await runner.stop();
      // The webhook stays set: Telegram keeps new updates until the next process takes them.
      await webhook?.close();
      // Reads end now (their handlers answer and finish); a create in flight is waited for.
      partner.cancelReads();
      if (!(await inFlight.drain(STOP_GRACE_MS))) {
        logger.warn({ active: inFlight.active }, "stopping with updates still running after the grace period");
      }
      await poller.stop();
      await notifier.stop();
      // After the message in flight is confirmed and marked; the rest waits in live.json.
      await delivery.outbox.stop();
      // After the poller: its last cycle's status changes still reach the funnel and alerts.
      await support.stop();
      // Its batch in progress ends first; a move cut short is finished by the next run.
      await archiver.stop();
      await settling?.catch(() => undefined);
      await stores.close();
      partner.close();
      await opsServer?.close();
      logger.info("stopped cleanly");
    })());

  return {
    bot,
    store,
    files,
    partner,
    catalog,
    poller,
    notifier,
    delivery,
    tracker,
    support,
    archiver,
    webhook,
    ops: { metrics, readiness, handler, server: opsServer },
    expireFlows,
    settleInterrupted,
    stop,
  };
}

/** The lowdb stores behind the app's DataStores, on the file backend. */
interface FileStores {
  /** `db.json`: users, exchanges, settings, the create markers; the archive beside it. */
  store: Store;
  /** `live.json`: written through at once (flow state, outbox, delivery marks). */
  live: Store;
}

/** The coordination channel on which replicas tell the leader that the outbox has a new entry (payload: its chat id). */
const OUTBOX_NEWS = "outbox";
/** The news channel of chats whose outbox entries wait for that chat's next update (payload: the chat id). */
const OUTBOX_PARKED = "outbox_parked";

/** What {@link openDataStores} opened. */
interface DataStores {
  store: DataStore;
  /** The files behind it; undefined for a backend without files. */
  files: FileStores | undefined;
  /** How processes sharing the store take turns (trivial for files: one process owns them). */
  coordination: Coordination;
  /** Finishes pending writes and closes both. */
  close(): Promise<void>;
}

/**
 * Opens the app's store. Every part of the app is given the one DataStore, never the files, so
 * that another backend can be opened here instead. On files it is two: the main file, coalesced
 * over 1 s, and the small file written through (which namespace goes where, and which writes are
 * durable on return, is the store's business: store/durability.ts, store/file-data-store.ts).
 */
async function openDataStores(
  config: Config,
  logger: Logger,
  onWrite: (file: string) => (result: { ok: true; ms: number } | { ok: false }) => void,
): Promise<DataStores> {
  if (config.databaseUrl !== undefined) {
    const url = config.databaseUrl;
    const db = await openPostgresStore({ url, logger: logger.child({ part: "postgres" }) });
    const coordination = postgresCoordination({ url, logger: logger.child({ part: "coordination" }) });
    return {
      store: db,
      files: undefined,
      coordination,
      async close() {
        await coordination.close();
        await db.close();
      },
    };
  }
  const main = await openStore({
    dataDir: config.dataDir,
    flushDelayMs: 1_000,
    logger: logger.child({ part: "store" }),
    onWrite: onWrite("db.json"),
  });
  const small = await openStore({
    dataDir: config.dataDir,
    fileName: "live.json",
    flushDelayMs: 0,
    logger: logger.child({ part: "live-store" }),
    onWrite: onWrite("live.json"),
  }).catch(async (err: unknown) => {
    await main.close();
    throw err;
  });
  const store = fileDataStore(main, small);
  return {
    store,
    files: { store: main, live: small },
    coordination: singleProcessCoordination(),
    async close() {
      await store.close();
    },
  };
}

/** The archiver of a backend that keeps every exchange in one place: nothing to move. */
const noArchive: Archiver = {
  runNow: () => Promise.resolve({ archived: 0, batches: 0, changedMeanwhile: 0 }),
  idle: () => Promise.resolve(),
  stop: () => Promise.resolve(),
};

/**
 * Flow states of the version that kept them in the main file: that version's flows cannot be
 * replayed by this one (their person starts again), and the main file should not carry them.
 */
function dropOldFlowStates(store: Store, logger: Logger): void {
  const keys = store.conversations.keys();
  for (const key of keys) store.conversations.delete(key);
  if (keys.length > 0) logger.info({ dropped: keys.length }, "store: dropped exchange flows saved by an earlier version");
}
