/**
 * What an app under test has stored, read through the store's public face (the DataStore every
 * part of the app uses), so a test reads the same way on files and on PostgreSQL and never
 * reaches into the files behind it.
 */
import type { App } from "../../src/app.js";
import type { ExchangeRecord, UserRecord } from "../../src/domain/types.js";

/** Exchange `id` as stored now; throws when the store does not hold it. */
export async function storedExchange(app: App, id: string): Promise<ExchangeRecord> {
  const rec = await app.store.exchanges.get(id);
  if (!rec) throw new Error(`The store holds no exchange ${id}.`);
  return rec;
}

/** User `id` as stored now; throws when the store does not know them. */
export async function storedUser(app: App, id: number): Promise<UserRecord> {
  const rec = await app.store.users.get(id);
  if (!rec) throw new Error(`The store knows no user ${id}.`);
  return rec;
}
