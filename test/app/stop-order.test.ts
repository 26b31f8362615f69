/**
 * The real app's services (src/app/app-services.ts), started by `startApp` as in production: they
 * start in the order listed and stop in reverse, the same list on files and on PostgreSQL. The
 * order is read from the app's own log, one line per service started and stopped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../e2e/harness.js";
import { testDatabase } from "../postgres/database.js";

/** The services named by the log's "service started" or "service stopped" lines, in order. */
function servicesLogged(logs: string[], what: "started" | "stopped"): string[] {
  return logs
    .map((line) => JSON.parse(line) as { msg?: string; service?: string })
    .filter((entry) => entry.msg === `service ${what}` && entry.service !== undefined)
    .map((entry) => entry.service!);
}

/** What a test needs of the app's services: their names, and the order of start and stop. */
async function startAndStop(h: Harness): Promise<{ names: readonly string[]; started: string[]; stopped: string[] }> {
  const names = h.app.services;
  await h.app.stop();
  return { names, started: servicesLogged(h.logs, "started"), stopped: servicesLogged(h.logs, "stopped") };
}

/** The app's own services; the leader's jobs are a list of their own, run by "leadership". */
const APP_SERVICES = ["ops", "partner", "store", "telegram", "news", "leadership", "archive", "poller", "updates", "readiness"];
const LEADER_JOBS = ["outbox", "support", "interrupted creates", "prompts due", "flow expiry", "rate alerts", "housekeeping"];

const only = (names: readonly string[], of: readonly string[]) => names.filter((n) => of.includes(n));

/**
 * Each list stops in the reverse of its start, and the leader's jobs stop inside the stop of
 * "leadership": after what started after it ("archive"), before what started before it ("news").
 */
function expectReverseStop(started: string[], stopped: string[]): void {
  expect(only(started, APP_SERVICES)).toEqual(APP_SERVICES);
  expect(only(stopped, APP_SERVICES)).toEqual([...APP_SERVICES].reverse());
  expect(only(stopped, LEADER_JOBS)).toEqual(only(started, LEADER_JOBS).reverse());
  const jobsStopped = stopped.flatMap((name, i) => (LEADER_JOBS.includes(name) ? [i] : []));
  for (const i of jobsStopped) {
    expect(i).toBeGreaterThan(stopped.indexOf("archive"));
    expect(i).toBeLessThan(stopped.indexOf("leadership"));
  }
}

describe("the app's start and stop order", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("one process on files: starts the services in order (the leader's jobs at once) and stops them in reverse", async () => {
    h = await startHarness();
    expect(h.app.topology.kind).toBe("single-process");
    const { names, started, stopped } = await startAndStop(h);
    expect(names).toEqual(APP_SERVICES);
    // One process leads at once: its jobs have all started by the time "leadership" has, before any update is taken.
    // Its owed prompts are shown by "updates", after the last process's unfinished updates: not a leader's job.
    expect(started.slice(started.indexOf("news") + 1, started.indexOf("leadership"))).toEqual(
      LEADER_JOBS.filter((j) => j !== "prompts due"),
    );
    expectReverseStop(started, stopped);
  });

  it("a replica on PostgreSQL: the same services, stopped in reverse", async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", DATABASE_URL: await testDatabase() } });
    expect(h.app.topology.kind).toBe("replicas");
    const { names, started, stopped } = await startAndStop(h);
    expect(names).toEqual(APP_SERVICES);
    // The lead comes when the database grants it, perhaps after start-up (and its jobs with it).
    expectReverseStop(started, stopped);
  });
});
