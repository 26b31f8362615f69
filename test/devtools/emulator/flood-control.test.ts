/** The flood limits' token buckets on a clock the test moves (flood.test.ts has them over HTTP). */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/devtools/emulator/errors.js";
import { FloodControl } from "../../../src/devtools/emulator/flood.js";

/** A FloodControl on a clock the test moves. */
function controlled(limits: ConstructorParameters<typeof FloodControl>[0] = {}) {
  let now = 1_000_000;
  const flood = new FloodControl(limits, () => now);
  const refused = (chatId: number, isGroup = false): number | undefined => {
    try {
      flood.take(chatId, isGroup);
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.code === 429) return err.retryAfter;
      throw err;
    }
  };
  return {
    refused,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

describe("FloodControl", () => {
  it("lets a burst of five into a chat, then one a second", () => {
    const { refused, tick } = controlled();
    for (let i = 0; i < 5; i++) expect(refused(1)).toBeUndefined();
    expect(refused(1)).toBe(1);
    tick(999);
    expect(refused(1)).toBe(1);
    tick(1);
    expect(refused(1)).toBeUndefined();
    expect(refused(1)).toBe(1);
    // Another chat has its own allowance.
    expect(refused(2)).toBeUndefined();
  });

  it("paces a group at twenty a minute", () => {
    const { refused, tick } = controlled();
    for (let i = 0; i < 5; i++) expect(refused(-100, true)).toBeUndefined();
    expect(refused(-100, true)).toBe(3);
    tick(3000);
    expect(refused(-100, true)).toBeUndefined();
  });

  it("caps all chats together at thirty a second", () => {
    const { refused, tick } = controlled();
    for (let chat = 1; chat <= 30; chat++) expect(refused(chat)).toBeUndefined();
    expect(refused(31)).toBe(1);
    tick(34);
    expect(refused(31)).toBeUndefined();
  });

  it("refuses limits that are not positive numbers", () => {
    expect(() => new FloodControl({ perChatBurst: 0 })).toThrow(/perChatBurst must be a positive number/);
  });
});
