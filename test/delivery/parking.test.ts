/**
 * The outbox's parking rules (parking.ts) as pure functions over entries: which entries a 403
 * parks or ends, what a wake changes, when a parked entry stops waiting, and when a chat has
 * nothing due. The sender applying them is tested in sender.test.ts and outbox.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../src/delivery/outbox-entry.js";
import {
  afterForbidden,
  chatsWithParked,
  fateOnForbidden,
  isParked,
  nothingDue,
  parkedPastDeadline,
  woken,
} from "../../src/delivery/parking.js";

const T0 = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-01T00:05:00.000Z";

/** A pending entry of chat 5 (override any field). */
function entry(key: string, overrides: Partial<OutboxEntry<string>> = {}): OutboxEntry<string> {
  return {
    key,
    chatId: 5,
    seq: 1,
    payload: key,
    state: "pending",
    createdAt: T0,
    expiresAt: LATER,
    nextAt: T0,
    attempts: 0,
    progress: 0,
    ...overrides,
  };
}

describe("a 403", () => {
  it("parks what is kept for when the chat opens the bot, and ends the rest", () => {
    expect(fateOnForbidden(entry("alert", { keepWhenForbidden: true }))).toBe("park");
    expect(fateOnForbidden(entry("notice"))).toBe("blocked");
  });

  it("decides for every pending entry of the chat, in the order read, the tried one with its progress", () => {
    const read = [
      entry("dep", { seq: 1, progress: 0 }),
      entry("alert-1", { seq: 2, keepWhenForbidden: true }),
      entry("ms", { seq: 3 }),
      entry("alert-2", { seq: 4, keepWhenForbidden: true }),
    ];
    const tried = { ...read[0]!, progress: 2 };
    expect(afterForbidden(read, tried)).toEqual([
      { fate: "blocked", entry: tried },
      { fate: "park", entry: { ...read[1], parked: true } },
      { fate: "blocked", entry: read[2] },
      { fate: "park", entry: { ...read[3], parked: true } },
    ]);
  });

  it("parks the tried entry as tried when it is one to keep, and changes nothing it was given", () => {
    const read = [entry("alert", { keepWhenForbidden: true, attempts: 1 })];
    const tried = { ...read[0]!, progress: 1 };
    const [fate] = afterForbidden(read, tried);
    expect(fate).toEqual({ fate: "park", entry: { ...tried, parked: true } });
    expect(read[0]).not.toHaveProperty("parked");
    expect(tried).not.toHaveProperty("parked");
  });

  it("leaves nothing to decide for a chat with nothing pending", () => {
    expect(afterForbidden([], entry("gone"))).toEqual([]);
  });
});

describe("a wake", () => {
  it("makes a parked entry due at the wake, parked no more, and keeps the rest of it", () => {
    const parked = entry("alert", { keepWhenForbidden: true, parked: true, nextAt: T0, attempts: 2 });
    const awake = woken(parked, LATER);
    expect(awake).toEqual({ ...entry("alert", { keepWhenForbidden: true, attempts: 2 }), nextAt: LATER });
    expect(awake).not.toHaveProperty("parked");
    expect(parked.parked).toBe(true);
  });

  it("changes nothing that is not parked any more: sent, woken meanwhile, or gone", () => {
    const sent = entry("alert", { state: "sent", parked: true });
    const awake = entry("alert");
    expect(woken(sent, LATER)).toBe(sent);
    expect(woken(awake, LATER)).toBe(awake);
    expect(woken(undefined, LATER)).toBeUndefined();
  });
});

describe("how long a parked entry waits", () => {
  it("until its deadline: past it (or at it) it waits no longer; an entry not parked is not this rule's", () => {
    const due = entry("a", { parked: true, expiresAt: T0 });
    const waiting = entry("b", { parked: true, expiresAt: LATER });
    const ended = entry("c", { parked: true, expiresAt: T0, state: "sent" });
    const awake = entry("d", { expiresAt: T0 });
    expect(parkedPastDeadline([due, waiting, ended, awake], T0)).toEqual([due]);
    expect(parkedPastDeadline([due, waiting], LATER)).toEqual([due, waiting]);
  });
});

describe("which chats wait for an update", () => {
  it("a parked entry is a pending one marked parked", () => {
    expect(isParked(entry("a", { parked: true }))).toBe(true);
    expect(isParked(entry("a"))).toBe(false);
    expect(isParked(entry("a", { parked: true, state: "expired" }))).toBe(false);
  });

  it("knows the chats with a parked entry", () => {
    const entries = [
      entry("a", { chatId: 1, parked: true }),
      entry("b", { chatId: 1, parked: true }),
      entry("c", { chatId: 2 }),
      entry("d", { chatId: 3, parked: true, state: "blocked" }),
      entry("e", { chatId: 4, parked: true }),
    ];
    expect([...chatsWithParked(entries)].sort()).toEqual([1, 4]);
  });

  it("a chat with nothing pending, or only parked entries, has nothing due; one awake entry is due", () => {
    expect(nothingDue([])).toBe(true);
    expect(nothingDue([entry("a", { parked: true }), entry("b", { parked: true })])).toBe(true);
    expect(nothingDue([entry("a", { parked: true }), entry("b")])).toBe(false);
  });
});
