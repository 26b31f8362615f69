/**
 * A kv namespace of the store, declared once by the module that owns it: the name its entries are
 * kept under, what they hold, and how its writes are kept. Every read and write names the constant,
 * never the string, so a namespace renamed or made lazy is one edit that the compiler follows.
 */
import type { Durability } from "./durability.js";

export interface Namespace<T> {
  /** What the entries are kept under: in the data file, or the `kv` table's `namespace` column. */
  readonly name: string;
  /** Whether a write is on disk when it resolves (store/durability.ts). */
  readonly durability: Durability;
  /**
   * Kept in the small file (`live.json`) beside the main one, where there is one: written through,
   * small, and changed at every step (file-data-store.ts).
   */
  readonly live: boolean;
  /**
   * A new key depends on nothing written before it (what Telegram sent, kept as received), so in
   * the small file it goes to disk without waiting for the main file's earlier changes. Its later
   * changes and its delete still wait, as every other change does (file-data-store.ts).
   */
  readonly standAloneNewKeys: boolean;
  /** Only for the type checker: what an entry holds. Never set. */
  readonly holds?: T;
}

/** Declares a namespace (see the module comment). A small-file namespace is written through. */
export function namespace<T>(name: string, durability: Durability, where: { live?: true; standAloneNewKeys?: true } = {}): Namespace<T> {
  if (where.live && durability !== "through") throw new Error(`namespace ${name}: the small file holds written-through namespaces only`);
  return { name, durability, live: where.live === true, standAloneNewKeys: where.standAloneNewKeys === true };
}
