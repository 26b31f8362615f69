import { defineConfig } from "vitest/config";

/**
 * The suite in four projects, so a change can be checked in seconds and the whole run stays in
 * minutes (README.md, "Tests"):
 *
 * - unit: pure logic and in-process tests (the emulator, the sandbox, one part of the bot at a time);
 *   no database, no child process. `npm run test:unit`.
 * - postgres: in-process tests against the run's real PostgreSQL server.
 * - e2e: the real bot (`startApp`) driven over HTTP by people in the emulator, test/e2e.
 * - crash: the real bot or a writer as child processes, killed and started again (test/crash,
 *   test/replicas, main.ts's start and stop, the stores' crash writers).
 *
 * PostgreSQL starts only for the projects that list its global setup, once for the run however
 * many of them run (test/postgres/global-setup.ts). The crash soak is a benchmark, not a test:
 * `npm run bench:crash-soak`.
 */

const POSTGRES = ["test/postgres/global-setup.ts"];
/** The bot built once for the run, for the tests that run its production process (test/crash/build-setup.ts). */
const BUILD = ["test/crash/build-setup.ts"];

/** In-process tests that create a database of their own on the run's server. */
const postgresFiles = [
  "test/store/contract/postgres.test.ts",
  "test/store/postgres/coordination.test.ts",
  "test/store/postgres/person-buckets.test.ts",
  "test/delivery/replicas-postgres.test.ts",
  "test/delivery/outbox-heads-postgres.test.ts",
  "test/poller/poller-replicas.test.ts",
  "test/webhook/shared-updates.test.ts",
  "test/app/stop-order.test.ts",
];

/** Tests that start child processes (the bot, a crash writer) and wait on them in real time. */
const crashFiles = [
  "test/crash/**/*.test.ts",
  "test/replicas/**/*.test.ts",
  "test/main.test.ts",
  "test/startup-wait.test.ts",
  "test/deploy/entry.test.ts",
  "test/store/archive.test.ts",
  "test/store/durability.test.ts",
  "test/store/postgres/copy-from-files.test.ts",
];

const e2eFiles = ["test/e2e/**/*.test.ts"];

export default defineConfig({
  test: {
    // End-to-end tests start real HTTP servers on loopback; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // One module graph per worker, not one per file: files load the same modules (an e2e file the
    // whole bot, about 1.5 s of CPU each time), and none changes a module's state for the next file
    // (each starts and stops its own servers and apps). Measured on 16 e2e files: 42 s of CPU
    // instead of 66, and 52 s instead of 61 (README.md, "Tests"); the unit project's time halved
    // when it was the first to do so.
    isolate: false,
    // All projects run together. Most e2e and crash time is waiting (on a child's start, a poll
    // interval, a retry), so one worker more than the 2 cores keeps them busy; measured on this
    // 2-core machine (README.md, "Tests"). vitest's default is one fewer than the cores: 1 here.
    maxWorkers: 3,
    // Files start by project name, so "crash", whose files are the longest, starts first.
    projects: [
      { extends: true, test: { name: "crash", include: crashFiles, globalSetup: [...POSTGRES, ...BUILD] } },
      { extends: true, test: { name: "e2e", include: e2eFiles, globalSetup: POSTGRES } },
      { extends: true, test: { name: "postgres", include: postgresFiles, globalSetup: POSTGRES } },
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...postgresFiles, ...crashFiles, ...e2eFiles],
        },
      },
    ],
  },
});
