import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // End-to-end tests start real HTTP servers on loopback; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // One real PostgreSQL server for the run; each file that needs it makes its own database.
    globalSetup: ["test/postgres/global-setup.ts"],
  },
});
