/**
 * Users on PostgreSQL: the same behaviour as users-repo.ts (whose `seenUser` decides what a
 * message changes) over the `users` table. Every change locks the row, so two replicas seeing the
 * same person at once cannot undo each other's change.
 */
import type { UserRecord } from "../../domain/types.js";
import type { TelegramUserLike, UsersStore } from "../data-store.js";
import { seenUser, withLanguage } from "../users-repo.js";
import type { PgConnection, Queryable } from "./connection.js";
import { toJsonb } from "./text.js";
import { keysetPages } from "./pages.js";
import { userRow, usernameKey } from "./rows.js";

export function postgresUsers(db: PgConnection): UsersStore {
  const get = async (id: number): Promise<UserRecord | undefined> => {
    // A non-integer is no user (and not a BIGINT the server would refuse).
    if (!Number.isSafeInteger(id)) return undefined;
    const rows = await db.rows<{ record: UserRecord }>("SELECT record FROM users WHERE id = $1", [id]);
    return rows[0]?.record;
  };

  /** Locks user `id`, applies `edit` to a copy, stores the result. Undefined if unknown user. */
  const change = async (id: number, edit: (u: UserRecord) => void): Promise<UserRecord | undefined> => {
    if (!Number.isSafeInteger(id)) return undefined;
    return db.transaction(async (client) => {
      const current = await lockUser(client, id);
      if (!current) return undefined;
      edit(current);
      return writeUser(client, current);
    });
  };

  return {
    get,

    async upsertSeen(given, now) {
      // Compared with the stored record as PostgreSQL keeps it (a NUL in a name removed), or a
      // name with one would look changed, and be written, on every message.
      const from = toJsonb(given);
      // Most messages change nothing worth a write: decide that without a lock first. (seenUser
      // also refuses a non-integer id, before anything is written.)
      const seen = await get(from.id);
      if (!seenUser(seen, from, now)) return seen as UserRecord;
      return db.transaction((client) => upsertLocked(client, from, now));
    },

    setLanguage: (id, code) => change(id, (u) => withLanguage(u, code)),

    setBlocked: (id, blocked) =>
      change(id, (u) => {
        u.blocked = blocked;
      }),

    async forget(id) {
      if (!Number.isSafeInteger(id)) return false;
      return (await db.rows("DELETE FROM users WHERE id = $1 RETURNING id", [id])).length === 1;
    },

    async findByUsername(name) {
      const key = usernameKey(name);
      if (key === null) return undefined;
      // The account written last with this name holds it (names move between accounts).
      const rows = await db.rows<{ record: UserRecord }>("SELECT record FROM users WHERE username_key = $1 ORDER BY written DESC LIMIT 1", [
        key,
      ]);
      return rows[0]?.record;
    },

    all() {
      return keysetPages<UserRecord>(db, "users");
    },

    async count() {
      return (await db.rows<{ n: number }>("SELECT count(*)::int AS n FROM users"))[0]?.n ?? 0;
    },
  };
}

async function lockUser(client: Queryable, id: number): Promise<UserRecord | undefined> {
  const { rows } = await client.query<{ record: UserRecord }>("SELECT record FROM users WHERE id = $1 FOR UPDATE", [id]);
  return rows[0]?.record;
}

/**
 * `upsertSeen` under the row lock. A first sighting inserts; when another replica inserted the
 * same person meanwhile, the insert does nothing and the (now committed) row is locked instead.
 */
async function upsertLocked(client: Queryable, from: TelegramUserLike, now: Date): Promise<UserRecord> {
  for (;;) {
    const previous = await lockUser(client, from.id);
    const next = seenUser(previous, from, now);
    if (!next) return previous as UserRecord;
    if (previous) return writeUser(client, next);
    const stored = toJsonb(next);
    const row = userRow(stored);
    const inserted = await client.query(
      "INSERT INTO users (id, username_key, record) VALUES ($1, $2, $3::jsonb) ON CONFLICT (id) DO NOTHING",
      [row.id, row.username_key, JSON.stringify(row.record)],
    );
    if (inserted.rowCount === 1) return stored;
  }
}

/** Stores `rec` over its row; a write makes this account the holder of its username. */
async function writeUser(client: Queryable, rec: UserRecord): Promise<UserRecord> {
  const stored = toJsonb(rec);
  const row = userRow(stored);
  await client.query("UPDATE users SET username_key = $2, record = $3::jsonb, written = nextval('users_written') WHERE id = $1", [
    row.id,
    row.username_key,
    JSON.stringify(row.record),
  ]);
  return stored;
}
