/**
 * Shared bits of the store tests: a temp data directory per test and record factories.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { applyKvChanges } from "../../src/store/kv-changes.js";
import { openStore, type Store } from "../../src/store/store.js";

/** Creates a fresh temp directory; `cleanup()` removes every one created so far. */
export function tempDirs(): { make(): Promise<string>; cleanup(): Promise<void> } {
  const made: string[] = [];
  return {
    async make() {
      const dir = await mkdtemp(join(tmpdir(), "swapgram-store-"));
      made.push(dir);
      return dir;
    },
    async cleanup() {
      await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}

/**
 * Opens stores on temp directories and, after each test, closes them and removes the
 * directories. Call once at the top of a test file.
 */
export function freshStores(): {
  fresh: (dataDir?: string) => Promise<Store>;
  dirs: ReturnType<typeof tempDirs>;
} {
  const dirs = tempDirs();
  const stores: Store[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await dirs.cleanup();
  });
  return {
    dirs,
    fresh: async (dataDir) => {
      const store = await openStore({ dataDir: dataDir ?? (await dirs.make()) });
      stores.push(store);
      return store;
    },
  };
}

/** A plausible exchange; override any field. */
export function exchange(overrides: Partial<ExchangeRecord> & { id: string }): ExchangeRecord {
  const createdAt = overrides.createdAt ?? "2024-05-01T10:00:00.000Z";
  const status = overrides.status ?? "waiting_deposit";
  return {
    userId: 1001,
    chatId: 1001,
    from: "BTC",
    to: "XRP",
    amountFrom: "0.05",
    quotedAmountTo: "6000.5",
    destinationAddress: "rDestination111",
    destinationTag: "",
    refundAddress: "bc1qrefund111",
    refundTag: "",
    depositAddress: `bc1qdeposit-${overrides.id}`,
    depositTag: "",
    status,
    statusHistory: [{ status, at: createdAt }],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** What a data file holds on disk, read without opening a store: its base with its log, if any, applied. */
export async function fileOnDisk(
  dir: string,
  file: string,
): Promise<{ kv: Record<string, Record<string, unknown>>; exchanges: unknown[] }> {
  const data = JSON.parse(await readFile(join(dir, file), "utf8")) as { kv: Record<string, Record<string, unknown>>; exchanges: unknown[] };
  let log = "";
  try {
    log = await readFile(join(dir, `${file}.log`), "utf8");
  } catch {
    // No log: the base is all there is.
  }
  for (const line of log.split("\n").filter(Boolean)) applyKvChanges(data, JSON.parse(line));
  return data;
}
