/**
 * The composition root: the app as a list of parts, started in order and stopped in reverse.
 * `main.ts` calls it for the real process; end-to-end tests call it with a temporary data dir, the
 * sandbox exchange and the Bot API emulator, so they exercise exactly the production wiring.
 *
 * Four steps, each in its own module under app/: the topology the config asks for (topology.ts),
 * the store opened where it says (stores.ts), the parts built without I/O (parts.ts), and the
 * services that run them (app-services.ts, on the runner of services.ts).
 */
import type { RateAlerts } from "./alerts/rate-alerts.js";
import type { Bot } from "grammy";
import type { DataStore } from "./store/data-store.js";
import type { Archiver } from "./store/archive-schedule.js";
import type { Catalog } from "./partner/catalog.js";
import type { PartnerApi } from "./domain/types.js";
import type { BotContext } from "./bot/context.js";
import type { InterruptedReport } from "./bot/features/exchange/interrupted.js";
import type { Poller } from "./poller/poller.js";
import type { ExchangeTracker } from "./poller/tracker.js";
import type { Delivery } from "./delivery/delivery.js";
import type { SupportServices } from "./support/services.js";
import type { WebhookServer } from "./webhook/server.js";
import { createMetrics, type AppMetrics } from "./ops/metrics.js";
import { Readiness } from "./ops/readiness.js";
import type { OpsHandler, OpsServer } from "./ops/http.js";
import { topologyOf, type Topology } from "./app/topology.js";
import { openDataStores, type FileStores } from "./app/stores.js";
import { buildParts, type AppOptions, type Parts } from "./app/parts.js";
import { REQUEST_TIME_LIMIT_MS } from "./partner/client.js";
import { appServices, type AppServices } from "./app/app-services.js";

export type { AppOptions } from "./app/parts.js";

export interface App {
  readonly bot: Bot<BotContext>;
  /** The bot's state, as every part of the app reads and changes it. */
  readonly store: DataStore;
  /** The lowdb files behind `store`, when the data lives in files: the archiver works on them directly. */
  readonly files: FileStores | undefined;
  /** One process on files, or replicas on PostgreSQL; and how updates come (app/topology.ts). */
  readonly topology: Topology;
  readonly partner: PartnerApi;
  readonly catalog: Catalog;
  /** The status poller (started with the app); tests call `poller.runCycle()`. */
  readonly poller: Poller;
  /** The outbox (deposit instructions, notices, alerts): `delivery.idle()`, `retryNow()`. */
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
  /** The names of the app's services, in start order; a stop goes through them in reverse. */
  readonly services: readonly string[];
  /** Removes exchange flows untouched for FLOW_TIMEOUT_MINUTES (as of `at`) and tells their chats. */
  expireFlows(at?: Date): Promise<number>;
  /**
   * Replicas: settles the creates other processes left unfinished, as of `at` (the leader's pass,
   * run when it gains the lead and every minute; see interrupted.ts). One at a time per process.
   */
  settleInterrupted(at?: Date): Promise<InterruptedReport>;
  /** The rate alerts; tests run `rateAlerts.check(at)` themselves rather than wait for the leader's interval. */
  readonly rateAlerts: RateAlerts;
  /** Stops taking updates, lets running handlers finish, flushes the store. Safe to call twice. */
  stop(): Promise<void>;
}

/** Starts the bot and everything it needs; resolves once it is polling for (or taking) updates. */
export async function startApp(opts: AppOptions): Promise<App> {
  const { config, logger } = opts;
  const topology = topologyOf(config);
  if (topology.claims.leaseMs < REQUEST_TIME_LIMIT_MS) {
    // Allowed (tests kill replicas within seconds), but a slow status check can then outlive its
    // lease and be repeated by another replica: a second request, never a second notice.
    logger.warn(
      { pollLeaseMs: topology.claims.leaseMs, longestCheckMs: REQUEST_TIME_LIMIT_MS },
      "POLL_LEASE_MS is shorter than the longest status check; another replica may check a slow one again",
    );
  }
  for (const variable of config.insecureHttp) {
    logger.warn(
      { variable },
      `${variable} is a plain http:// address of another machine, allowed by ALLOW_INSECURE_HTTP=1: its secret crosses the network unencrypted`,
    );
  }
  // Built before the store, whose writes they count.
  const metrics = createMetrics();
  const readiness = new Readiness({
    dataDir: config.dataDir,
    // Without updates there is no getUpdates to show Telegram answers: only a failed call counts.
    ...(topology.updates.kind === "none" ? { telegramWindowMs: Infinity } : {}),
  });
  const stores = await openDataStores(
    topology,
    logger,
    (file) => (r) => {
      readiness.storeWrite(file, r.ok);
      if (r.ok) metrics.storeWrite(file, r.ms);
    },
    (kind, ms) => metrics.storeStatement(kind, ms),
  );
  let parts: Parts;
  let services: AppServices;
  try {
    parts = buildParts(opts, topology, stores, { metrics, readiness });
    services = appServices(parts, opts);
  } catch (err) {
    await stores.close();
    throw err;
  }
  // On a failure the services already started are stopped (the store closed) before this throws.
  await services.list.start();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info("stopping: finishing running updates");
      await services.list.stop();
      logger.info("stopped cleanly");
    })());

  return {
    bot: parts.bot,
    store: parts.store,
    files: stores.files,
    topology,
    partner: parts.partner,
    catalog: parts.catalog,
    poller: parts.poller,
    delivery: parts.delivery,
    tracker: parts.tracker,
    support: parts.support,
    archiver: services.archiver(),
    webhook: services.webhook(),
    ops: { metrics, readiness, handler: parts.opsHandler, server: services.opsServer() },
    services: services.list.names,
    expireFlows: parts.expireFlows,
    settleInterrupted: parts.settleInterrupted,
    rateAlerts: parts.rateAlerts,
    stop,
  };
}
