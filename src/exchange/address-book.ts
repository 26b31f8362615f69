/**
 * Where a person's saved addresses are kept (issue 24): one entry per person in the kv namespace
 * "address-book", keyed by their Telegram user id, changed only by the store's atomic `update` so
 * the bound and the id counter hold with replicas. Written through (store/durability.ts): what
 * /addresses tells a person (renamed, deleted, remembering off) is on disk before they read it.
 */
import type { DataStore } from "../store/data-store.js";
import { rememberAddress, remembers, type AddressBook, type UsedAddress } from "../domain/saved-addresses.js";
import { namespace } from "../store/namespace.js";

/** The kv namespace of the address books. */
export const ADDRESS_BOOKS = namespace<AddressBook>("address-book", "through");

/** The person's book, or undefined when they never had one. */
export async function readBook(store: Pick<DataStore, "kv">, userId: number): Promise<AddressBook | undefined> {
  return store.kv(ADDRESS_BOOKS).get(String(userId));
}

/** Changes the person's book atomically; returns it as stored. */
export async function changeBook(
  store: Pick<DataStore, "kv">,
  userId: number,
  change: (book: AddressBook | undefined) => AddressBook | undefined,
): Promise<AddressBook | undefined> {
  return store.kv(ADDRESS_BOOKS).update(String(userId), change);
}

/**
 * Remembers the addresses of an exchange just created (unless the person turned remembering off).
 * At the create, not at validation: an address typed and then left by Back or Cancel, maybe a
 * mistake, is never offered again; "used 3 times" counts exchanges made with it.
 */
export async function rememberExchangeAddresses(
  store: Pick<DataStore, "kv">,
  userId: number,
  used: readonly UsedAddress[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  // rememberAddress leaves the book as it is when remembering is off.
  await changeBook(store, userId, (book) => used.reduce<AddressBook | undefined>((next, one) => rememberAddress(next, one, at), book));
}

/**
 * /forget: the saved addresses and their names go. What stays is a book with no address in it:
 * its id counter, so that ids are never reused (a Delete 1 or Rename 1 under an /addresses message
 * shown before /forget must act on nothing, not on the next address saved as 1), and a "do not
 * remember" choice (deleting it would turn remembering back on, against what the person asked).
 */
export async function forgetAddresses(store: Pick<DataStore, "kv">, userId: number): Promise<void> {
  await changeBook(store, userId, (book) =>
    book === undefined ? undefined : { nextId: book.nextId, items: [], ...(remembers(book) ? {} : { remember: false as const }) },
  );
}
