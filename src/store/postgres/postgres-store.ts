/**
 * The {@link DataStore} on PostgreSQL (DATABASE_URL): what several replicas of the bot share.
 *
 * Behaves as the lowdb store does (store.ts and its repositories; the contract tests run the same
 * suite on both), with these differences that follow from a database:
 * - Every write is committed before its promise resolves: every namespace is written through
 *   (durability.ts), and writes are durable in the order they were made.
 * - Read-modify-write (`exchanges.update`, `kv.update`, `kv.add`, `users.*`) holds a row lock or
 *   relies on a primary key, so it stays atomic with other processes on the same database.
 * - There is no archive: every exchange stays in the one table, `lookup` is plain queries and
 *   `archivedTotals()` is zero.
 * - The sender's next entry of each chat is a query (`outbox.heads`, outbox-heads.ts), not a
 *   re-read of every entry.
 * - Per-person limits are counted in the database (`buckets`, person-buckets.ts), shared by every
 *   replica.
 * - After `close()` reads fail too (with StoreClosedError): the connections are gone.
 */
import pg from "pg";
import { CONVERSATIONS, type DataStore, type KeyValueStore } from "../data-store.js";
import { PgConnection, type OnStatement } from "./connection.js";
import { postgresExchanges, postgresLookup } from "./exchanges.js";
import { ClaimOwners } from "./claim-owners.js";
import { postgresKeyValue, postgresSettings } from "./kv.js";
import { DatabaseUnavailableError } from "./database-unavailable.js";
import { migrateSchema } from "./migrate.js";
import { postgresOutboxQueries } from "./outbox-heads.js";
import { postgresBuckets } from "./person-buckets.js";
import { postgresUsers } from "./users.js";
import type { Namespace } from "../namespace.js";

/** The minimal pino-like logger the store writes to. */
interface PostgresStoreLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
}

/** Options of {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database (DATABASE_URL). */
  url: string;
  logger?: PostgresStoreLogger;
  /** Connections kept open at most; default 10. */
  poolSize?: number;
  /** Told after each statement with its kind and time (the metrics' store_statement_duration_seconds). */
  onStatement?: OnStatement;
}

/** How long connecting may take before the server counts as unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;

const silentLogger: PostgresStoreLogger = { info() {}, warn() {} };

/**
 * Connects, brings the schema up to date (migrate.ts: refuses a newer one with SchemaVersionError)
 * and returns the store. Throws {@link DatabaseUnavailableError} when the database cannot be reached
 * or logged into; no connection is left open after a failure.
 */
export async function openPostgresStore(opts: PostgresStoreOptions): Promise<DataStore> {
  const logger = opts.logger ?? silentLogger;
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // Without a listener, an idle connection dropped by the server (a restart, a failover) would
  // crash the process; the pool replaces it on next use.
  pool.on("error", (err) => {
    logger.warn({ err: { code: (err as { code?: unknown }).code, message: err.message } }, "postgres: an idle connection failed");
  });
  try {
    await probe(pool, opts.url);
    const report = await migrateSchema(pool);
    logger.info({ database: describeTarget(opts.url), schema: report.version, applied: report.applied }, "postgres store: opened");
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }

  const db = new PgConnection(pool, opts.onStatement);
  const owners = new ClaimOwners(opts.url, logger);
  const exchanges = postgresExchanges(db, owners);
  const kvCache = new Map<string, KeyValueStore<unknown>>();
  // Every write commits before it resolves: each namespace is written through, whatever it declares.
  const kv = <T>({ name }: Namespace<T>): KeyValueStore<T> => {
    let repo = kvCache.get(name);
    if (!repo) kvCache.set(name, (repo = postgresKeyValue<unknown>(db, name)));
    return repo as KeyValueStore<T>;
  };
  return {
    kind: "postgres",
    users: postgresUsers(db),
    exchanges,
    lookup: postgresLookup(db, exchanges),
    conversations: kv(CONVERSATIONS),
    settings: postgresSettings(db),
    kv,
    outbox: postgresOutboxQueries(db),
    buckets: postgresBuckets(db),
    async close() {
      await db.close();
      await owners.close();
    },
  };
}

/** Opens and returns one connection, turning a failure into a {@link DatabaseUnavailableError}. */
async function probe(pool: pg.Pool, url: string): Promise<void> {
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    throw connectError(err, url);
  }
}

/** The PostgreSQL errors a login can end in, and what to do about each. */
const LOGIN_PROBLEMS: Readonly<Record<string, string>> = {
  "28P01": "the password is wrong or the user does not exist. Fix the user and password in DATABASE_URL",
  "28000": "the server does not allow this user to log in from here (pg_hba.conf). Fix DATABASE_URL or the server's access rules",
  "3D000": "the database does not exist. Create it (createdb), or fix its name in DATABASE_URL",
  "53300": "the server has too many connections. Raise max_connections or lower the bot's pool",
  "57P03": "the server is starting up or shutting down. Try again in a moment",
};

/** Network errors that mean "nobody answered there". */
const UNREACHABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: "nothing listens on that port",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved right now",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  ETIMEDOUT: "the connection timed out",
  ECONNRESET: "the server closed the connection",
};

function connectError(err: unknown, url: string): DatabaseUnavailableError {
  const target = describeTarget(url);
  const code = errorCode(err);
  const login = LOGIN_PROBLEMS[code];
  if (login)
    return new DatabaseUnavailableError(`PostgreSQL at ${target} (DATABASE_URL) refused the connection: ${login} (${code}).`, code);
  const message = err instanceof Error ? err.message : "";
  const reason = UNREACHABLE[code] ?? (/timeout/i.test(message) ? "the connection timed out" : undefined);
  if (reason) {
    return new DatabaseUnavailableError(
      `Cannot reach PostgreSQL at ${target} (DATABASE_URL): ${reason} (${code || "timeout"}). Start the server, or fix the host and port in DATABASE_URL.`,
      code || "ETIMEDOUT",
    );
  }
  const said = withoutPassword(message.split("\n")[0] ?? "", url);
  return new DatabaseUnavailableError(
    `Cannot connect to PostgreSQL at ${target} (DATABASE_URL)${said ? `: ${said}` : ""}${code ? ` (${code})` : ""}. Check DATABASE_URL and the server's log.`,
    code,
  );
}

/** `text` with the URL's password (as written and decoded) replaced by "***". */
function withoutPassword(text: string, url: string): string {
  let password = "";
  try {
    password = new URL(url).password;
  } catch {
    return text.includes(url) ? text.split(url).join("***") : text;
  }
  if (password === "") return text;
  let out = text.split(password).join("***");
  try {
    out = out.split(decodeURIComponent(password)).join("***");
  } catch {
    // A malformed escape: the raw form is already replaced.
  }
  return out;
}

/** `user@host:port/database` of a connection URL: everything but the password. */
function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : "";
    const database = decodeURIComponent(u.pathname.replace(/^\//, "")) || "(default database)";
    return `${user}${u.hostname || "localhost"}:${u.port || "5432"}/${database}`;
  } catch {
    return "(an unparsable URL)";
  }
}

/** The code of a network error (an AggregateError's first, when a name resolved to several addresses) or of PostgreSQL. */
function errorCode(err: unknown): string {
  const own = (err as { code?: unknown } | undefined)?.code;
  if (typeof own === "string" && own !== "") return own;
  if (err instanceof AggregateError) return errorCode(err.errors[0]);
  return "";
}
