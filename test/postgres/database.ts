/**
 * A test file's own empty database on the run's PostgreSQL server (global-setup.ts).
 */
import { inject } from "vitest";
import { freshDatabase } from "./server.js";

/** Creates a new empty database; returns its URL. Call it in `beforeAll` or per test. */
export function testDatabase(): Promise<string> {
  return freshDatabase(inject("postgresUrl"));
}
