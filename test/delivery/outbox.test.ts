/**
 * The outbox over a real live store on disk: order per chat, durable marks (a reopened store
 * resumes from the last confirmed part), retry with backoff, once per key, expiry.
 */
import { describe, expect, it } from "vitest";
import { GrammyError } from "grammy";
import { freshStores } from "../store/helpers.js";
import { openStore } from "../../src/store/store.js";
import { Outbox, type Deliverer } from "../../src/delivery/outbox.js";

const { fresh, dirs } = freshStores();
const silent = { info() {}, warn() {}, error() {} };

type P = { parts: string[] };

function recorder(fail: (part: string, n: number) => boolean = () => false) {
  const sent: string[] = [];
  let n = 0;
  const deliver: Deliverer<P> = async (entry, confirmed) => {
    for (let i = entry.progress; i < entry.payload.parts.length; i++) {
      const part = entry.payload.parts[i]!;
      if (fail(part, ++n)) throw new Error(`telegram down at ${part}`);
      sent.push(part);
      await confirmed(i + 1);
    }
    return "sent";
  };
  return { sent, deliver };
}

describe("outbox", () => {
  it("sends a chat's entries in order, each key once, and marks them sent on disk", async () => {
    const dir = await dirs.make();
    const live = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const { sent, deliver } = recorder();
    const outbox = new Outbox<P>({ live, deliver, logger: silent });
    expect(outbox.enqueue("a", 1, { parts: ["a1", "a2"] }, { ttlMs: 60_000 })).toBe(true);
    expect(outbox.enqueue("b", 1, { parts: ["b1"] }, { ttlMs: 60_000 })).toBe(true);
    expect(outbox.enqueue("a", 1, { parts: ["again"] }, { ttlMs: 60_000 })).toBe(false);
    outbox.start();
    await outbox.idle();
    expect(sent).toEqual(["a1", "a2", "b1"]);
    await live.close();
    const reopened = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    expect(reopened.kv<{ state: string }>("outbox").get("a")!.state).toBe("sent");
    await reopened.close();
  });

  it("after a failure mid-entry, a new outbox on the same file goes on from the first unconfirmed part", async () => {
    const dir = await dirs.make();
    const live = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const first = recorder((part) => part === "x3");
    const outbox = new Outbox<P>({ live, deliver: first.deliver, logger: silent, retryBaseMs: 60_000 });
    outbox.enqueue("x", 7, { parts: ["x1", "x2", "x3", "x4"] }, { ttlMs: 60_000 });
    outbox.enqueue("y", 7, { parts: ["y1"] }, { ttlMs: 60_000 });
    outbox.start();
    await outbox.idle();
    // The failed entry holds back the chat's next one.
    expect(first.sent).toEqual(["x1", "x2"]);
    expect(outbox.get("x")).toMatchObject({ state: "pending", progress: 2, attempts: 1 });
    await outbox.stop();
    await live.close();

    const again = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const second = recorder();
    const restarted = new Outbox<P>({ live: again, deliver: second.deliver, logger: silent });
    restarted.retryNow();
    restarted.start();
    await restarted.idle();
    expect(second.sent).toEqual(["x3", "x4", "y1"]);
    await again.close();
  });

  it("ends a chat's entries on 403 without retrying, and skips an expired entry", async () => {
    const live = await fresh();
    const blocked: number[] = [];
    let calls = 0;
    const outbox = new Outbox<P>({
      live,
      logger: silent,
      onBlocked: (chatId) => void blocked.push(chatId),
      deliver: (entry) => {
        calls++;
        if (entry.chatId === 1)
          return Promise.reject(new GrammyError("blocked", { ok: false, error_code: 403, description: "Forbidden" }, "sendMessage", {}));
        return Promise.resolve("sent");
      },
    });
    outbox.enqueue("a", 1, { parts: [] }, { ttlMs: 60_000 });
    outbox.enqueue("b", 1, { parts: [] }, { ttlMs: 60_000 });
    outbox.enqueue("old", 2, { parts: [] }, { ttlMs: -1 });
    outbox.start();
    await outbox.idle();
    expect([outbox.get("a")!.state, outbox.get("b")!.state, outbox.get("old")!.state]).toEqual(["blocked", "blocked", "expired"]);
    expect(calls).toBe(1);
    expect(blocked).toEqual([1]);
  });
});
