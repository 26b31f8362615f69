/**
 * Per-exchange locks, one table per store (so two apps in one test process never share one).
 * Locks of different purpose use different keys: the card lock (`withExchangeLock`: whoever
 * sends or edits an exchange's live card), the tracking lock (the tracker's fetch → record →
 * notify), so a slow status request never holds back a card edit, and the notice lock (reading
 * the "told up to" mark → queuing → moving the mark).
 */
const lockTables = new WeakMap<object, Map<string, Promise<void>>>();

/** Runs `fn` after every earlier call with the same `owner` and `key` has finished. */
async function withLock<T>(owner: object, key: string, fn: () => Promise<T>): Promise<T> {
  let table = lockTables.get(owner);
  if (!table) lockTables.set(owner, (table = new Map<string, Promise<void>>()));
  const previous = table.get(key) ?? Promise.resolve();
  const run = previous.then(fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  table.set(key, settled);
  try {
    return await run;
  } finally {
    if (table.get(key) === settled) table.delete(key);
  }
}

/** The card lock of exchange `id`: held while its live card is sent, replaced or edited. */
export function withExchangeLock<T>(store: object, id: string, fn: () => Promise<T>): Promise<T> {
  return withLock(store, `card:${id}`, fn);
}

/** The tracking lock of exchange `id`: held across fetch → record → notify. */
export function withTrackingLock<T>(store: object, id: string, fn: () => Promise<T>): Promise<T> {
  return withLock(store, `track:${id}`, fn);
}

/**
 * The notice lock of exchange `id`: held while its notices are worked out and queued. The store is
 * asynchronous, so without it two notices of one exchange (the poller's and a /status) could both
 * read the same mark and both move it.
 */
export function withNoticeLock<T>(store: object, id: string, fn: () => Promise<T>): Promise<T> {
  return withLock(store, `notice:${id}`, fn);
}
