/**
 * vitest global setup of the projects whose tests need PostgreSQL (vitest.config.ts): one real
 * server for the whole run. Test files reach it with `inject("postgresUrl")` (see database.ts) and
 * create a database of their own on it.
 *
 * Each project runs its own global setup, in the one vitest process; the server is shared through
 * that process's global object, started by the first project that needs it and stopped after the
 * last one's teardown. A project that needs no database (unit) never starts it.
 */
import type { TestProject } from "vitest/node";
import { startPostgres, type PostgresServer } from "./server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server's URL; empty when it could not start. */
    postgresUrl: string;
    /** Why the server could not start (then every test that asks for a database fails with it). */
    postgresError: string;
  }
}

interface Shared {
  server: Promise<PostgresServer>;
  users: number;
}

/** The run's server, on the global object: each project loads this file as a module of its own. */
const holder = globalThis as { swapgramTestPostgres?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Commits need not reach the disk: nothing here outlives the run or kills the server (server.ts).
  const shared = (holder.swapgramTestPostgres ??= { server: startPostgres({ flushToDisk: false }), users: 0 });
  shared.users += 1;
  let server: PostgresServer | undefined;
  try {
    server = await shared.server;
    project.provide("postgresUrl", server.url);
    project.provide("postgresError", "");
  } catch (err) {
    // Not thrown: vitest would end the run with it as an "unhandled error". The tests that need a
    // database fail with this one message (database.ts); the others still run.
    project.provide("postgresUrl", "");
    project.provide("postgresError", (err as Error).message);
  }
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    holder.swapgramTestPostgres = undefined;
    await server?.stop();
  };
}
