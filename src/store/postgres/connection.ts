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

export class PgConnection {
  readonly #pool: pg.Pool;
  readonly #running = new Set<Promise<unknown>>();
  #closing: Promise<void> | undefined;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  /** One statement on any pooled connection; its rows. */
  async rows<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await this.result<R>(sql, params)).rows;
  }

  /** One statement on any pooled connection; the whole result (for `rowCount`). */
  result<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return this.#track(() => this.#pool.query<R>(sql, textParams(params)));
  }

  /**
   * One statement prepared under `name` on each pooled connection the first time it runs there:
   * the server then plans it once per connection, not once per call. For a statement run for
   * every update whose planning costs more than its work (a take of the per-person limits:
   * bench/person-buckets-postgres.results.md). `sql` must always be the same text for a name.
   */
  async prepared<R extends pg.QueryResultRow>(name: string, sql: string, params: unknown[]): Promise<R[]> {
    return (await this.#track(() => this.#pool.query<R>({ name, text: sql, values: textParams(params) }))).rows;
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
    });
  }

  /** Refuses new calls, waits for the running ones, then closes every connection. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await Promise.allSettled([...this.#running]);
      await this.#pool.end();
    })();
    return this.#closing;
  }

  #track<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closing) return Promise.reject(new StoreClosedError());
    const running = work();
    this.#running.add(running);
    const done = (): void => {
      this.#running.delete(running);
    };
    running.then(done, done);
    return running;
  }
}
