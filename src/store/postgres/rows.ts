/**
 * How a record becomes a row: the columns beside the JSONB record that queries filter and sort on.
 * One place, used by the PostgreSQL store and by `migrate:to-postgres`, so a copied row and a row
 * the bot wrote are indistinguishable.
 */
import { isFinalStatus } from "../../domain/status.js";
import type { ExchangeRecord, UserRecord } from "../../domain/types.js";
import { SEARCHABLE } from "../exchanges-repo.js";

/** The columns of an `exchanges` row other than the lease. */
export interface ExchangeRow {
  id: string;
  user_id: number;
  is_open: boolean;
  created_at: string;
  search_keys: string[];
  record: ExchangeRecord;
}

/** The row of an exchange record (already validated and JSON-normalised by the caller). */
export function exchangeRow(rec: ExchangeRecord): ExchangeRow {
  const keys = new Set<string>();
  for (const field of SEARCHABLE) {
    const value = rec[field];
    if (value) keys.add(value);
  }
  return {
    id: rec.id,
    user_id: rec.userId,
    is_open: !isFinalStatus(rec.status),
    created_at: rec.createdAt,
    search_keys: [...keys],
    record: rec,
  };
}

/** The lookup key of a username: lower-cased, without "@" (support types either). */
export function usernameKey(name: string | undefined): string | null {
  const key = name?.trim().replace(/^@/, "").toLowerCase();
  return key ? key : null;
}

/** The columns of a `users` row. */
export interface UserRow {
  id: number;
  username_key: string | null;
  record: UserRecord;
}

export function userRow(rec: UserRecord): UserRow {
  return { id: rec.id, username_key: usernameKey(rec.username), record: rec };
}
