/**
 * The PostgreSQL store's refusal to start, in a file of its own: main.ts tells it apart from other
 * failures at every start, and importing it from postgres-store.ts would load the pg driver and the
 * whole store with it, on files too (app/stores.ts loads them only for a store in PostgreSQL).
 */

/**
 * The database named by DATABASE_URL cannot be used: the server does not answer, refuses the login,
 * or has no such database. The message is one line that names the server, user and database (never
 * the password) and says what to fix; `code` is the network or PostgreSQL error code.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";

  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
