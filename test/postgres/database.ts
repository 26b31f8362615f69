/**
 * A test file's own empty database on the run's PostgreSQL server (global-setup.ts).
 */
import { inject } from "vitest";
import { freshDatabase } from "./server.js";

/**
 * Creates a new empty database; returns its URL. Call it in `beforeAll` or per test. Rejects with
 * the reason when the run's server could not start.
 */
export async function testDatabase(): Promise<string> {
  const error = inject("postgresError");
  if (error) throw new Error(error);
  const url = inject("postgresUrl");
  // A file in the unit project has no server: say where it belongs rather than fail on `undefined`.
  if (!url)
    throw new Error("this test file uses PostgreSQL: list it in vitest.config.ts's postgresFiles (or another project with the server)");
  return freshDatabase(url);
}
