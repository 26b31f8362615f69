/**
 * The store, opened in one place: the only start-up step that reads before the parts are built,
 * since every part is given the store it works on. Every part of the app is given the one
 * DataStore, never the files, so that another backend can be opened here instead.
 */
import type { Logger } from "../log.js";
import { openStore, type Store } from "../store/store.js";
import type { DataStore } from "../store/data-store.js";
import { fileDataStore } from "../store/file-data-store.js";
import { singleProcessCoordination, type Coordination } from "../store/coordination.js";
import type { Topology } from "./topology.js";

/** The lowdb stores behind the app's DataStores, on the file backend. */
export interface FileStores {
  /** `db.json`: users, exchanges, settings, the create markers; the archive beside it. */
  store: Store;
  /** `live.json`: written through at once (flow state, outbox, delivery marks). */
  live: Store;
}

/** What {@link openDataStores} opened. */
export interface DataStores {
  store: DataStore;
  /** The files behind it; undefined for a backend without files. */
  files: FileStores | undefined;
  /** How processes sharing the store take turns (trivial for files: one process owns them). */
  coordination: Coordination;
  /** Finishes pending writes and closes the store. */
  close(): Promise<void>;
}

/** Told after each write of a store file: the readiness check and the metrics count them. */
export type OnStoreWrite = (file: string) => (result: { ok: true; ms: number } | { ok: false }) => void;

/** Told after each statement of the PostgreSQL store: the metrics time them. */
type OnStoreStatement = (kind: "read" | "write", ms: number) => void;

/**
 * Opens the app's stores where the topology says they are.
 *
 * On files the one store is two files: the main file, coalesced over 1 s (however many statuses
 * the poller stores, it is rewritten at most once a second), and a small file written at once for
 * what a person has been shown: flow steps, the outbox, "sent" marks. Writing those through the
 * main file would cost a rewrite of every exchange ever stored per step. Which namespace goes where,
 * and which writes are durable on return, is the store's business (store/durability.ts).
 */
export async function openDataStores(
  topology: Topology,
  logger: Logger,
  onWrite: OnStoreWrite,
  onStatement?: OnStoreStatement,
): Promise<DataStores> {
  if (topology.store.kind === "postgres") {
    // Loaded only for a store in PostgreSQL: the pg driver and the store's modules are about 70 ms
    // of CPU that every start on files (and every crash test's bot) would pay for nothing.
    const [{ openPostgresStore }, { postgresCoordination }] = await Promise.all([
      import("../store/postgres/postgres-store.js"),
      import("../store/postgres/coordination.js"),
    ]);
    const url = topology.store.url;
    const db = await openPostgresStore({ url, logger: logger.child({ part: "postgres" }), onStatement });
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
  const { dataDir } = topology.store;
  const main = await openStore({
    dataDir,
    flushDelayMs: 1_000,
    logger: logger.child({ part: "store" }),
    onWrite: onWrite("db.json"),
  });
  const small = await openStore({
    dataDir,
    fileName: "live.json",
    // Written at every step of every flow: a line of what changed, not the whole file (logged-file.ts).
    appendLog: true,
    flushDelayMs: 0,
    logger: logger.child({ part: "live-store" }),
    onWrite: onWrite("live.json"),
  }).catch(async (err: unknown) => {
    await main.close();
    throw err;
  });
  dropOldFlowStates(main, logger);
  const store = fileDataStore(main, small);
  return {
    store,
    files: { store: main, live: small },
    coordination: singleProcessCoordination(),
    close: () => store.close(),
  };
}

/**
 * Flow states of the version that kept them in the main file: that version's flows cannot be
 * replayed by this one (their person starts again), and the main file should not carry them.
 */
function dropOldFlowStates(store: Store, logger: Logger): void {
  const keys = store.conversations.keys();
  for (const key of keys) store.conversations.delete(key);
  if (keys.length > 0) logger.info({ dropped: keys.length }, "store: dropped exchange flows saved by an earlier version");
}
