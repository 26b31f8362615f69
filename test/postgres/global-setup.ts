/**
 * vitest global setup: one real PostgreSQL server for the whole run. Test files reach it with
 * `inject("postgresUrl")` (see database.ts) and create a database of their own on it.
 */
import type { TestProject } from "vitest/node";
import { startPostgres } from "./server.js";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
