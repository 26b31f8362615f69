/**
 * The PostgreSQL store's pool, seen as the store needs it: every call counted while it runs, so
 * `close()` can wait for them, and refused once the store is closed (a write then fails with
 * {@link StoreClosedError}, as on lowdb, rather than with the pool's own error). Every statement's
 * string parameters lose their NUL characters on the way (text.ts: TEXT cannot hold them).
 */
import type pg from "pg";
import { StoreClosedError } from "../errors.js";
import { textParams } from "./text.js";

/** A client inside a transaction, or the pool: whatever runs one statement. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** Told after each statement (or transaction) with its kind and time, failed ones included: the metrics. */
export type OnStatement = (kind: "read" | "write", ms: number) => void;

/** A statement that changes rows (or locks them to), as opposed to one that only reads. */
const WRITES = /\b(INSERT|UPDATE|DELETE)\b/i;

export class PgConnection {
  readonly #pool: pg.Pool;
  readonly #running = new Set<Promise<unknown>>();
  readonly #onStatement: OnStatement | undefined;
  #closing: Promise<void> | undefined;

  constructor(pool: pg.Pool, onStatement?: OnStatement) {
    this.#pool = pool;
    this.#onStatement = onStatement;
  }

  /** One statement on any pooled connection; its rows. */
  async rows<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await this.result<R>(sql, params)).rows;
  }

  /** One statement on any pooled connection; the whole result (for `rowCount`). */
  result<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return this.#track(() => this.#pool.query<R>(sql, textParams(params)), sql);
  }

  /**
   * One statement prepared under `name` on each pooled connection the first time it runs there:
   * the server then plans it once per connection, not once per call. For a statement run for
   * every update whose planning costs more than its work (a take of the per-person limits:
   * bench/person-buckets-postgres.results.md). `sql` must always be the same text for a name.
   */
  async prepared<R extends pg.QueryResultRow>(name: string, sql: string, params: unknown[]): Promise<R[]> {
    return (await this.#track(() => this.#pool.query<R>({ name, text: sql, values: textParams(params) }), sql)).rows;
  }

  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when
   * it throws (the error is passed on). A connection whose rollback failed is discarded.
   */
  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    return this.#track(async () => {
      const client = await this.#pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await work({ query: (sql, params = []) => client.query(sql, textParams(params)) });
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch((rollbackErr: unknown) => {
          broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
        });
        throw err;
      } finally {
        client.release(broken);
      }
    }, "transaction");
  }

  /** Refuses new calls, waits for the running ones, then closes every connection. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await Promise.allSettled([...this.#running]);
      await this.#pool.end();
    })();
    return this.#closing;
  }

  /** Runs `work` counted while it runs; `sql` ("transaction" for one) says what kind of statement it is, for the metrics. */
  #track<T>(work: () => Promise<T>, sql: string): Promise<T> {
    if (this.#closing) return Promise.reject(new StoreClosedError());
    const started = this.#onStatement ? performance.now() : 0;
    const running = work();
    this.#running.add(running);
    const done = (): void => {
      this.#running.delete(running);
      this.#onStatement?.(sql === "transaction" || WRITES.test(sql) ? "write" : "read", performance.now() - started);
    };
    running.then(done, done);
    return running;
  }
}
