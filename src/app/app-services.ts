/**
 * The app's services, in start order; a stop runs the list backwards (services.ts). Read down for
 * the start, up for the stop:
 *
 * - ops: /healthz, /readyz and /metrics, first, so that while start-up waits /readyz says what
 *   is missing; last to close, so they answer until the end;
 * - partner, store: nothing to start (built and opened before), closed near the end;
 * - telegram: reached (said out loud while it is not), the commands registered;
 * - news: what replicas tell each other (one process tells itself);
 * - leadership: the jobs that must run once (sending, support's checks, the timers), on the
 *   leader; one process leads at once, so its jobs have run their start before updates come;
 * - archive, poller: background work on the exchanges;
 * - updates: taken last, once everything an update relies on runs; stopped first (with the
 *   handlers in flight waited for), so no update meets a part that has stopped;
 * - readiness: the first thing a stop does is turn /readyz unready, so a load balancer stops sending.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import { registerCommands, registerMenuButton } from "../bot/commands.js";
import { registerAdminCommands } from "../bot/features/admin/commands.js";
import { settleInterruptedCreates } from "../bot/features/exchange/interrupted.js";
import { anyOwedPrompt, showOwedPrompts } from "../bot/features/exchange/owed-prompts.js";
import { DEFAULT_TIMEOUT_MS } from "../partner/client.js";
import { hostOf, waitForTelegram } from "../net/wait-for-telegram.js";
import { startOpsServer, type OpsServer } from "../ops/http.js";
import { startArchiver, type Archiver } from "../store/archive-schedule.js";
import type { Logger } from "../log.js";
import { startWebhookServer, type WebhookServer } from "../webhook/server.js";
import { startDurablePolling } from "../updates/polling.js";
import { replayUnhandled } from "../updates/replay.js";
import { everyService, ServiceList, stopOnly, type Service, type ServiceEvent } from "./services.js";
import { leadershipService } from "./leadership.js";
import { OUTBOX_ENDED, OUTBOX_NEWS, OUTBOX_PARKED, type AppOptions, type Parts } from "./parts.js";

/**
 * How long a stop waits for running handlers. A stop cancels partner reads at once (a read with
 * its retries takes up to three time limits, longer than any process manager waits), so what is
 * left to wait for is an exchange-create in flight: one attempt's time limit, plus storing it.
 */
const STOP_GRACE_MS = DEFAULT_TIMEOUT_MS + 5_000;

/** The update types the bot uses, for getUpdates and setWebhook alike. */
const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "chosen_inline_result", "my_chat_member"] as const;

const MINUTE = 60_000;

/** The app's services, and what some of them hold once started (for the app's handle). */
export interface AppServices {
  readonly list: ServiceList;
  /** Webhook mode, once started: the local server Telegram's requests reach through the proxy. */
  webhook(): WebhookServer | undefined;
  /** The app's own listener for /healthz, /readyz and /metrics, when PORT is set (polling). */
  opsServer(): OpsServer | undefined;
  /** The running archiver (one that has nothing to move when the store has no files). */
  archiver(): Archiver;
}

/** Lists the app's services over its parts; nothing starts until `list.start()`. */
export function appServices(parts: Parts, opts: AppOptions): AppServices {
  const { config, logger } = opts;
  const { bot, t, partner, stores, watch, delivery, poller, support, topology } = parts;
  const onEvent = (e: ServiceEvent) => logService(logger, e);

  let opsServer: OpsServer | undefined;
  const ops: Service = {
    name: "ops",
    async start() {
      watch.readiness.start();
      // In webhook mode they share the webhook's server on PORT (started with the updates).
      if (config.port !== undefined && topology.updates.kind !== "webhook") {
        opsServer = await startOpsServer(parts.opsHandler, config.port);
        logger.info({ port: config.port }, "serving /healthz, /readyz and /metrics");
      }
    },
    async stop() {
      watch.readiness.stop();
      await opsServer?.close();
    },
  };

  const telegram: Service = {
    name: "telegram",
    async start() {
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
      if (topology.updates.kind === "polling") {
        // grammY types its signal with a shim of AbortSignal; the runtime object is Node's own.
        await bot.api.deleteWebhook(undefined, opts.signal as Parameters<typeof bot.api.deleteWebhook>[1]);
      }
      await registerCommands(bot.api, t);
      await registerMenuButton(bot.api, t, config.webAppUrl);
      await registerAdminCommands(bot.api, t, config.adminIds, logger);
    },
    stop: () => Promise.resolve(),
  };

  // News names the chat, so the leader looks at once; no chat (the news connection was replaced,
  // some news may be lost) looks at every chat. On PostgreSQL each look is one query of the due
  // heads (store.outbox), so the minute's look costs what any other does.
  const missedNews =
    topology.missedNewsCheckMs === undefined
      ? undefined
      : everyService(
          "missed news",
          topology.missedNewsCheckMs,
          () => {
            delivery.poke();
            return Promise.resolve();
          },
          () => {},
        );
  const news: Service = {
    name: "news",
    async start() {
      await parts.coordination.listen(OUTBOX_NEWS, (chatId) => delivery.poke(/^-?\d+$/.test(chatId) ? Number(chatId) : undefined));
      await parts.coordination.listen(OUTBOX_ENDED, (chatId) => /^-?\d+$/.test(chatId) && delivery.heard(Number(chatId)));
      await parts.coordination.listen(OUTBOX_PARKED, (chatId) => {
        if (/^-?\d+$/.test(chatId)) delivery.knowParked(Number(chatId));
        else void delivery.relearnParked().catch((err: unknown) => logger.warn({ err }, "could not read which chats wait for an update"));
      });
      await missedNews?.start();
    },
    // Listening ends with the coordination, which the store closes.
    stop: async () => missedNews?.stop(),
  };

  // What was queued but not sent before the last stop (or a crash) goes out first: the outbox's
  // entries, instructions never queued, notices never handed over; then tracking resumes.
  const outbox: Service = {
    name: "outbox",
    async start() {
      await delivery.reconcile();
      const missed = await delivery.catchUp();
      if (missed > 0) logger.info({ missed }, "sending status notices stored before the last stop");
      delivery.start();
    },
    // After the message in flight is confirmed and marked; the rest waits in the store.
    stop: () => delivery.stop(),
  };
  const { olderThanMs, everyMs } = topology.interruptedCreates;
  const interrupted: Service =
    everyMs === undefined
      ? {
          // One process, before it takes updates: a person left at "Creating your exchange…" by
          // the last process is told.
          name: "interrupted creates",
          start: async () => {
            await settleInterruptedCreates(parts.deps, { olderThanMs });
          },
          stop: () => Promise.resolve(),
        }
      : everyService(
          "interrupted creates",
          everyMs,
          () => parts.settleInterrupted(),
          (err) => logger.error({ err }, "could not settle the creates left by other replicas"),
          { runAtStart: true },
        );
  // A flow step recorded and its prompt never sent (a kill in between): the person gets the prompt
  // (owed-prompts.ts), under each chat's lock.
  const showPrompts = () =>
    showOwedPrompts(parts.deps, bot.api, {
      olderThanMs,
      chatLock: (chatId, fn) => parts.coordination.withChatLock(chatId, fn),
    });
  // One process: by the updates service, once the updates Telegram kept meanwhile are handled (a
  // person's answer waiting there moves the chat on, and a prompt shown first would ask what they
  // just answered). Replicas: the leader, at records due for longer than any update takes.
  const duePrompts: Service[] =
    everyMs === undefined
      ? []
      : [
          everyService(
            "prompts due",
            everyMs,
            showPrompts,
            (err) => logger.error({ err }, "could not show the prompts owed by other replicas"),
            { runAtStart: true },
          ),
        ];
  const leaderJobs = new ServiceList(
    [
      outbox,
      { name: "support", start: () => support.start(), stop: () => support.stop() },
      interrupted,
      ...duePrompts,
      // Expiry is announced at most a minute late; the check is a scan of the few chats in a flow.
      everyService(
        "flow expiry",
        MINUTE,
        () => parts.expireFlows(),
        (err) => logger.error({ err }, "flow expiry failed"),
      ),
      // One process checks the rate alerts, within the shared budget of partner calls. At once
      // too: an alert whose message was queued just before a crash is removed before housekeeping
      // (below, a minute later) can prune that message's entry, so it is never queued twice.
      everyService(
        "rate alerts",
        config.alertCheckIntervalMs,
        () => parts.rateAlerts.check(),
        (err) => logger.error({ err }, "rate alert check failed"),
        { runAtStart: true },
      ),
      everyService(
        "housekeeping",
        MINUTE,
        () => parts.housekeeping(),
        (err) => logger.error({ err }, "housekeeping failed"),
      ),
    ],
    onEvent,
  );

  let archiver: Archiver = noArchive;
  const files = stores.files;
  const archive: Service = {
    name: "archive",
    // After the notices were caught up (the leader's outbox job, above): an exchange whose last
    // notice is still owed is never archived. A store without files keeps every exchange in one place.
    start: () => {
      if (files)
        archiver = startArchiver({
          archive: files.store.archive,
          afterMs: config.archiveAfterMs,
          now: parts.now,
          logger: logger.child({ part: "archive" }),
        });
      return Promise.resolve();
    },
    // Its batch in progress ends first; a move cut short is finished by the next run.
    stop: () => archiver.stop(),
  };

  let runner: RunnerHandle | undefined;
  let webhook: WebhookServer | undefined;
  /** One process: the owed prompts, shown in the background once the updates waiting are handled. */
  let owed: { stop: AbortController; done: Promise<void> } | undefined;
  const showOwedWhenCaughtUp = () => {
    const stop = new AbortController();
    const done = anyOwedPrompt(parts.deps)
      .then(async (owes) => {
        if (!owes) return;
        await caughtUp(bot.api, parts.inFlight, stop.signal);
        if (!stop.signal.aborted) await showPrompts();
      })
      .then(
        () => undefined,
        (err: unknown) => logger.error({ err }, "could not show the prompts owed since the last stop"),
      );
    owed = { stop, done };
  };
  const updates: Service = {
    name: "updates",
    async start() {
      const { updates: source } = topology;
      const about = { bot: bot.botInfo.username, mode: config.mode };
      if (source.kind === "none") {
        logger.info(about, "bot takes no updates here (TELEGRAM_UPDATES=none): it checks exchanges and sends as one of the replicas");
        if (everyMs === undefined) await showPrompts();
        return;
      }
      // What the last process received and did not finish, before anything new (updates/replay.ts).
      const replay = await replayUnhandled({
        inbox: parts.inbox,
        handle: (update) => bot.handleUpdate(update),
        handledAlready: parts.handledAlready,
        logger,
      });
      if (replay.replayed + replay.skipped > 0) logger.info(replay, "updates: the last process's unfinished updates are done");
      if (everyMs === undefined) showOwedWhenCaughtUp();
      if (source.kind === "polling" && opts.updatesOnDisk === false) {
        runner = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
        logger.info(about, "bot is polling for updates");
        return;
      }
      if (source.kind === "polling") {
        runner = startDurablePolling(bot, {
          inbox: parts.inbox,
          fetch: { allowed_updates: [...ALLOWED_UPDATES] },
          logger: logger.child({ part: "updates" }),
        });
        logger.info(about, "bot is polling for updates");
        return;
      }
      // Listening before setWebhook, so Telegram's first delivery finds the server up.
      webhook = await startWebhookServer({
        bot,
        secretToken: config.webhookSecret ?? "",
        path: new URL(source.url).pathname,
        port: config.port ?? 8080,
        host: opts.webhookHost,
        ackWithinMs: opts.webhookAckWithinMs,
        keepUnfinished: opts.updatesOnDisk === false ? undefined : (update) => parts.inbox.keepUnfinished(update),
        logger: logger.child({ part: "webhook" }),
        // /healthz, /readyz and /metrics on the same port; each delivery shows Telegram reaches us
        // (there is no getUpdates to show it in this mode).
        otherPaths: parts.opsHandler,
        onDelivery: () => watch.readiness.telegramCall(true),
      });
      try {
        // Updates queued while the bot was down are kept (drop_pending_updates: false).
        await bot.api.setWebhook(source.url, {
          secret_token: config.webhookSecret,
          allowed_updates: [...ALLOWED_UPDATES],
          drop_pending_updates: false,
        });
      } catch (err) {
        await webhook.close();
        webhook = undefined;
        throw err;
      }
      logger.info(about, "bot is taking updates by webhook");
    },
    async stop() {
      owed?.stop.abort();
      await owed?.done;
      if (runner?.isRunning()) await runner.stop();
      // The webhook stays set: Telegram keeps new updates until the next process takes them.
      await webhook?.close();
      // Reads end now (their handlers answer and finish); a create in flight is waited for.
      partner.cancelReads();
      if (!(await parts.inFlight.drain(STOP_GRACE_MS))) {
        logger.warn({ active: parts.inFlight.active }, "stopping with updates still running after the grace period");
      }
      // The marks of the updates just finished, before the store closes.
      await parts.inbox.flush();
    },
  };

  const list = new ServiceList(
    [
      ops,
      stopOnly("partner", () => partner.close()),
      // Opened before the parts were built (stores.ts); a settling pass still writing ends first.
      stopOnly("store", async () => {
        await parts.settled();
        await stores.close();
      }),
      telegram,
      news,
      leadershipService(parts.coordination, leaderJobs, logger),
      archive,
      {
        name: "poller",
        start: () => {
          poller.start();
          return Promise.resolve();
        },
        stop: () => poller.stop(),
      },
      updates,
      // Unready at once, so a load balancer stops sending; the server answers until the end.
      stopOnly("readiness", () => watch.readiness.stop()),
    ],
    onEvent,
  );
  return { list, webhook: () => webhook, opsServer: () => opsServer, archiver: () => archiver };
}

/** How long start-up waits for Telegram to hand over what it kept, at most, before owed prompts go out anyway. */
const CATCH_UP_MS = 10_000;
/** Between two looks at what Telegram still holds. */
const CATCH_UP_LOOK_MS = 200;

/**
 * Resolves once Telegram holds no update for the bot (getWebhookInfo's `pending_update_count`, in
 * either mode) and none is being handled, twice in a row; or after {@link CATCH_UP_MS}, or a stop.
 */
async function caughtUp(api: Parts["bot"]["api"], inFlight: Parts["inFlight"], signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + CATCH_UP_MS;
  let quiet = 0;
  while (!signal.aborted && Date.now() < deadline) {
    const pending = await api.getWebhookInfo().then(
      (info) => info.pending_update_count,
      () => 0,
    );
    quiet = pending === 0 && inFlight.active === 0 ? quiet + 1 : 0;
    if (quiet >= 2) return;
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_LOOK_MS));
  }
}

/** The archiver of a backend that keeps every exchange in one place: nothing to move. */
const noArchive: Archiver = {
  runNow: () => Promise.resolve({ archived: 0, batches: 0, changedMeanwhile: 0 }),
  idle: () => Promise.resolve(),
  stop: () => Promise.resolve(),
};

/** Each service's start and stop, for the log (and tests that read the stop order from it). */
function logService(logger: Logger, e: ServiceEvent): void {
  if (e.type === "started" || e.type === "stopped") logger.debug({ service: e.name, ms: Math.round(e.ms) }, `service ${e.type}`);
  // The failure itself is logged once, by whoever awaited the start (main.ts, the leadership).
  else if (e.type === "start-failed") logger.info({ service: e.name }, "service could not start; stopping the ones started before it");
  // A stop goes on past a failure and rejects with the first: each one is told here.
  else logger.error({ service: e.name, err: e.err }, "service could not stop");
}
