import { describe, expect, it } from "vitest";
import { WriteCoalescer } from "../../src/store/write-coalescer.js";

/** A write whose completion the test controls. */
function controlledWrites() {
  const pending: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  let running = 0;
  let maxRunning = 0;
  let started = 0;
  const write = () =>
    new Promise<void>((resolve, reject) => {
      started++;
      running++;
      maxRunning = Math.max(maxRunning, running);
      pending.push({
        resolve: () => {
          running--;
          resolve();
        },
        reject: (e) => {
          running--;
          reject(e);
        },
      });
    });
  return {
    write,
    get started() {
      return started;
    },
    get maxRunning() {
      return maxRunning;
    },
    /** Waits until `n` writes have started (writes start from timers or microtasks). */
    async untilStarted(n: number) {
      while (started < n) await new Promise((r) => setImmediate(r));
    },
    finishNext(err?: Error) {
      const next = pending.shift();
      if (!next) throw new Error("no write in progress");
      if (err === undefined) next.resolve();
      else next.reject(err);
    },
  };
}

describe("WriteCoalescer", () => {
  it("turns a burst of changes into one write", async () => {
    const w = controlledWrites();
    const c = new WriteCoalescer({ write: w.write, delayMs: 0, onError: () => {} });
    for (let i = 0; i < 100; i++) c.markChanged();
    const done = c.whenDurable();
    await w.untilStarted(1);
    w.finishNext();
    await done;
    expect(w.started).toBe(1);
    expect(c.idle).toBe(true);
  });

  it("never overlaps writes: a change during a write gets exactly one more write after it", async () => {
    const w = controlledWrites();
    const c = new WriteCoalescer({ write: w.write, delayMs: 0, onError: () => {} });
    c.markChanged();
    const first = c.flush();
    await w.untilStarted(1);
    c.markChanged();
    c.markChanged();
    const second = c.flush();
    let secondDone = false;
    void second.then(() => (secondDone = true));
    w.finishNext();
    await first;
    await w.untilStarted(2);
    expect(secondDone).toBe(false); // the second batch was not covered by the first write
    w.finishNext();
    await second;
    expect(w.started).toBe(2);
    expect(w.maxRunning).toBe(1);
  });

  it("flush() on an idle coalescer resolves without writing", async () => {
    const w = controlledWrites();
    const c = new WriteCoalescer({ write: w.write, delayMs: 0, onError: () => {} });
    await c.flush();
    await c.whenDurable();
    expect(w.started).toBe(0);
  });

  it("flush() does not wait for the coalescing window", async () => {
    const w = controlledWrites();
    // An hour-long window: only flush() can make this write happen within the test.
    const c = new WriteCoalescer({ write: w.write, delayMs: 3_600_000, onError: () => {} });
    c.markChanged();
    const done = c.flush();
    await w.untilStarted(1);
    w.finishNext();
    await done;
    expect(c.idle).toBe(true);
  });

  it("a failed write rejects its waiters, is reported, and is retried", async () => {
    const w = controlledWrites();
    const errors: number[] = [];
    const c = new WriteCoalescer({
      write: w.write,
      delayMs: 0,
      maxRetryDelayMs: 1,
      onError: (_e, n) => errors.push(n),
    });
    c.markChanged();
    const failing = c.flush();
    await w.untilStarted(1);
    w.finishNext(new Error("disk full"));
    await expect(failing).rejects.toThrow("disk full");
    expect(errors).toEqual([1]);
    expect(c.idle).toBe(false);
    const later = c.whenDurable();
    await w.untilStarted(2); // the retry, without anyone asking
    w.finishNext();
    await later;
    expect(c.idle).toBe(true);
  });

  it("stop() cancels a scheduled write; flush() still writes", async () => {
    const w = controlledWrites();
    const c = new WriteCoalescer({ write: w.write, delayMs: 3_600_000, onError: () => {} });
    c.markChanged();
    c.stop();
    const done = c.flush();
    await w.untilStarted(1);
    w.finishNext();
    await done;
    expect(w.started).toBe(1);
  });
});
