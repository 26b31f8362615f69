/**
 * The PostgreSQL schema, as ordered migrations. Each runs once, in its own transaction, recorded in
 * `schema_migrations`; migrate.ts runs them at start-up under an advisory lock, so replicas starting
 * together apply each exactly once. Never edit a migration that has shipped: add the next one.
 *
 * Records are kept whole as JSONB (the same shape as db.json, so the two backends cannot drift)
 * beside the columns that queries filter or sort on.
 */

/** One step of the schema. */
export interface SchemaMigration {
  version: number;
  name: string;
  sql: string;
}

export const SCHEMA_MIGRATIONS: readonly SchemaMigration[] = [
  {
    version: 1,
    name: "initial",
    sql: `
      -- Bumped on every write of a user: of two accounts that have held one username, the one
      -- written last holds it now (usernames move between accounts on Telegram).
      CREATE SEQUENCE users_written;
      CREATE TABLE users (
        id BIGINT PRIMARY KEY,
        seq BIGSERIAL NOT NULL,
        -- lower-cased, without "@": support's /user @name
        username_key TEXT,
        written BIGINT NOT NULL DEFAULT nextval('users_written'),
        record JSONB NOT NULL
      );
      CREATE INDEX users_username_key ON users (username_key, written DESC) WHERE username_key IS NOT NULL;
      CREATE INDEX users_seq ON users (seq);

      CREATE TABLE exchanges (
        id TEXT PRIMARY KEY,
        seq BIGSERIAL NOT NULL,
        user_id BIGINT NOT NULL,
        is_open BOOLEAN NOT NULL,
        -- ISO-8601 strings as the record holds them; they sort as text, byte by byte as in
        -- JavaScript (the "C" collation), whatever the database's locale
        created_at TEXT COLLATE "C" NOT NULL,
        -- id, addresses and tags: what /find matches exactly
        search_keys TEXT[] NOT NULL,
        record JSONB NOT NULL,
        -- the status poller's schedule and claim: when it is next due, which replica holds it
        -- and until when (see claimDue)
        next_check_at TIMESTAMPTZ,
        lease_owner TEXT,
        lease_until TIMESTAMPTZ
      );
      CREATE INDEX exchanges_due ON exchanges (next_check_at NULLS FIRST, seq) WHERE is_open;
      CREATE INDEX exchanges_user ON exchanges (user_id, created_at DESC, seq DESC);
      CREATE INDEX exchanges_open ON exchanges (seq) WHERE is_open;
      CREATE INDEX exchanges_search ON exchanges USING GIN (search_keys);
      CREATE INDEX exchanges_seq ON exchanges (seq);

      -- Namespaced key-value: conversation state, outbox, delivery marks, alerts, broadcasts,
      -- create markers. The primary key is what makes "add" once-only across replicas.
      CREATE TABLE kv (
        namespace TEXT NOT NULL,
        key TEXT NOT NULL,
        seq BIGSERIAL NOT NULL,
        value JSONB NOT NULL,
        PRIMARY KEY (namespace, key)
      );
      CREATE INDEX kv_namespace_seq ON kv (namespace, seq);

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value JSONB NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "kv key prefixes",
    sql: `
      -- kv.entriesWithPrefix (one chat's outbox entries) as an index range. The primary key is in
      -- the database's collation, whose order a LIKE prefix can use only when it is "C";
      -- text_pattern_ops compares byte by byte whatever the collation.
      CREATE INDEX kv_key_prefix ON kv (namespace, key text_pattern_ops);
    `,
  },
  {
    version: 3,
    name: "outbox pending entries",
    sql: `
      -- The sender's next entry of each chat as one query (outbox-heads.ts), over the outbox's
      -- pending entries only: the finished ones, kept a while for once-only, are not in these
      -- indexes. The expressions and the predicate must stay those of the queries to be used.
      -- By chat, then queue order: whether an entry is its chat's first pending one.
      CREATE INDEX kv_outbox_pending_chat ON kv (((value ->> 'chatId')::bigint), ((value ->> 'seq')::bigint))
        WHERE namespace = 'outbox' AND value ->> 'state' = 'pending';
      -- Queue order: the oldest heads first, stopping at the limit.
      CREATE INDEX kv_outbox_pending_seq ON kv (((value ->> 'seq')::bigint))
        WHERE namespace = 'outbox' AND value ->> 'state' = 'pending';
      -- When an entry is next due: when the sender must look again.
      CREATE INDEX kv_outbox_pending_next ON kv (((value ->> 'nextAt') COLLATE "C"))
        WHERE namespace = 'outbox' AND value ->> 'state' = 'pending';
    `,
  },
  {
    version: 4,
    name: "exchanges by creation time",
    sql: `
      -- Support's export of a range (/export): its pages walk this index from the range's start,
      -- in creation order, the sequence number breaking ties (pages.ts), instead of reading the
      -- table in sequence order from its first row to find the range.
      CREATE INDEX exchanges_created ON exchanges (created_at, seq);
    `,
  },
  {
    version: 5,
    name: "per-person limits",
    sql: `
      -- What one person may make the bot do, counted here so that replicas share one count
      -- (bot/middleware/person-limits.ts): a token bucket per person and kind, taken from in one
      -- statement (person-buckets.ts). A row untouched for an hour is full again and is pruned.
      -- A take changes no indexed column, and the free space a lower fill factor leaves lets the
      -- new row version stay on its page (a HOT update): no index entry is written per take.
      CREATE TABLE person_buckets (
        kind TEXT NOT NULL,
        person BIGINT NOT NULL,
        tokens DOUBLE PRECISION NOT NULL,
        -- when tokens was counted: epoch ms of the clock of the process that took last
        at_ms BIGINT NOT NULL,
        -- tokens the last take got, and the noted refusals in a row (a flood's first is told)
        granted INTEGER NOT NULL,
        refused INTEGER NOT NULL,
        PRIMARY KEY (kind, person)
      ) WITH (fillfactor = 70);
    `,
  },
];
