/**
 * Long CPU work on the bot's own thread (validating a `pairs` answer of 800,000 entries, building
 * the catalog index) hands the event loop back between slices, so chat updates, inline answers and
 * the poller are not held up behind a catalog refresh for hundreds of milliseconds.
 */

/** How long one slice may run before the event loop gets a turn, ms. */
const DEFAULT_SLICE_MS = 8;

/**
 * A pause for one job: awaiting it costs nothing while the current slice is younger than
 * `sliceMs`; after that it lets the event loop run once (setImmediate: timers and I/O first)
 * and starts a new slice. Callers await it every few thousand items, not per item.
 */
export function slicePause(sliceMs = DEFAULT_SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}
