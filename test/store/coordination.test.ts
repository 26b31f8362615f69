import { describe, expect, it } from "vitest";
import { singleProcessCoordination } from "../../src/store/coordination.js";

/** A promise and its resolver, to hold a turn open until the test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("singleProcessCoordination: a chat's lock", () => {
  it("runs one chat's turns one at a time, in the order they asked, and returns each turn's value", async () => {
    const lock = singleProcessCoordination();
    const seen: string[] = [];
    const first = gate();
    const a = lock.withChatLock(1, async () => {
      seen.push("a starts");
      await first.opened;
      seen.push("a ends");
      return "a";
    });
    const b = lock.withChatLock(1, () => {
      seen.push("b");
      return Promise.resolve("b");
    });
    const c = lock.withChatLock(1, () => {
      seen.push("c");
      return Promise.resolve("c");
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual(["a starts"]);
    first.open();
    await expect(Promise.all([a, b, c])).resolves.toEqual(["a", "b", "c"]);
    expect(seen).toEqual(["a starts", "a ends", "b", "c"]);
  });

  it("lets another chat's turn run while one chat's is held", async () => {
    const lock = singleProcessCoordination();
    const held = gate();
    const one = lock.withChatLock(1, () => held.opened);
    await expect(lock.withChatLock(2, () => Promise.resolve("other chat"))).resolves.toBe("other chat");
    held.open();
    await one;
  });

  it("gives the turn on after a turn that failed, and the failure to its caller", async () => {
    const lock = singleProcessCoordination();
    const failing = lock.withChatLock(1, () => Promise.reject(new Error("boom")));
    const next = lock.withChatLock(1, () => Promise.resolve("next"));
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
    // And the lock is free again afterwards.
    await expect(lock.withChatLock(1, () => Promise.resolve("later"))).resolves.toBe("later");
  });

  it("starts a turn on a free chat at once, in the caller's own tick", () => {
    const lock = singleProcessCoordination();
    let started = false;
    void lock.withChatLock(3, () => {
      started = true;
      return Promise.resolve();
    });
    expect(started).toBe(true);
  });
});
