/**
 * A person's saved addresses: the destination and refund addresses of the exchanges they created,
 * remembered per coin and network (with the tag that went with them), so the next exchange of the
 * same coin offers them as buttons instead of asking for 42 characters again.
 *
 * One book per person (their Telegram user id), changed as a whole by one atomic update, so its
 * bound and its id counter hold across replicas. Pure logic here; where the book is kept is the
 * feature's business (bot/features/addresses.ts).
 */
import { findInvisible, type InvisibleCharacter } from "./invisible.js";

/** At most this many saved per person; a new one beyond it replaces the least used (the oldest of those). */
export const MAX_SAVED_ADDRESSES = 20;
/** A name a person gives a saved address: short enough for a button on a phone. */
export const MAX_ADDRESS_NAME = 32;
/** Saved buttons offered at one address step, the most used first. */
export const MAX_OFFERED = 6;

/** One saved address, of one coin on one network. */
export interface SavedAddress {
  /** The book's own short id (never reused): what a button carries, never the address. */
  id: number;
  coin: string;
  network?: string;
  address: string;
  /** The tag (memo) that went with it; absent when none was given. */
  tag?: string;
  /** The person's own name for it. */
  name?: string;
  /** Exchanges created with it. */
  uses: number;
  savedAt: string;
  lastUsedAt: string;
}

/** Everything kept for one person. */
export interface AddressBook {
  /** false: nothing new is remembered (those saved stay until deleted). Absent means on. */
  remember?: false;
  nextId: number;
  items: SavedAddress[];
}

/** An address used in an exchange, as the flow knows it. */
export interface UsedAddress {
  coin: string;
  network?: string;
  address: string;
  tag?: string;
}

const EMPTY_BOOK: AddressBook = { nextId: 1, items: [] };

/** Whether the book remembers new addresses. */
export function remembers(book: AddressBook | undefined): boolean {
  return book?.remember !== false;
}

const sameNetwork = (a: string | undefined, b: string | undefined): boolean => (a ?? "") === (b ?? "");

/**
 * The book after an exchange was created with `used`: the same address (coin, network, address,
 * tag) counts one use more; a new one is added, and when the book is full the least used of the
 * others (the one used longest ago among equals) makes room. Unchanged when remembering is off.
 */
export function rememberAddress(book: AddressBook | undefined, used: UsedAddress, now: string): AddressBook {
  const current = book ?? EMPTY_BOOK;
  if (!remembers(current)) return current;
  const tag = used.tag === "" ? undefined : used.tag;
  const same = current.items.find(
    (s) => s.coin === used.coin && sameNetwork(s.network, used.network) && s.address === used.address && s.tag === tag,
  );
  if (same) {
    return { ...current, items: current.items.map((s) => (s === same ? { ...s, uses: s.uses + 1, lastUsedAt: now } : s)) };
  }
  const added: SavedAddress = {
    id: current.nextId,
    coin: used.coin,
    ...(used.network ? { network: used.network } : {}),
    address: used.address,
    ...(tag !== undefined ? { tag } : {}),
    uses: 1,
    savedAt: now,
    lastUsedAt: now,
  };
  let items = current.items;
  while (items.length >= MAX_SAVED_ADDRESSES) {
    const victim = [...items].sort((a, b) => a.uses - b.uses || a.lastUsedAt.localeCompare(b.lastUsedAt))[0];
    items = items.filter((s) => s !== victim);
  }
  return { ...current, nextId: current.nextId + 1, items: [...items, added] };
}

/** The saved addresses of exactly this coin and network, the most used (then most recent) first. */
export function savedFor(book: AddressBook | undefined, coin: string, network: string | undefined): SavedAddress[] {
  return (book?.items ?? [])
    .filter((s) => s.coin === coin && sameNetwork(s.network, network))
    .sort((a, b) => b.uses - a.uses || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** The end of an address, as a person recognises it: "…c98Bc5". */
export function addressTail(address: string): string {
  const chars = Array.from(address);
  return chars.length <= 8 ? address : `…${chars.slice(-6).join("")}`;
}

/** A name typed for a saved address that passed, or why not. */
export type NameCheck =
  { ok: true; value: string } | { ok: false; reason: "empty" | "long" } | { ok: false; reason: "invisible"; invisible: InvisibleCharacter };

/** Checks a typed name: trimmed, not empty, at most {@link MAX_ADDRESS_NAME} characters, nothing invisible. */
export function checkAddressName(input: string): NameCheck {
  const value = input.trim();
  if (value === "") return { ok: false, reason: "empty" };
  if (Array.from(value).length > MAX_ADDRESS_NAME) return { ok: false, reason: "long" };
  const invisible = findInvisible(value);
  return invisible ? { ok: false, reason: "invisible", invisible } : { ok: true, value };
}
