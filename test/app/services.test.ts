import { afterEach, describe, expect, it, vi } from "vitest";
import { everyService, ServiceList, stopOnly, type Service, type ServiceEvent } from "../../src/app/services.js";

/** A service that writes what happens to it into `log`; `fail` makes its start (or stop) throw. */
function recorded(name: string, log: string[], fail: { start?: boolean; stop?: boolean } = {}): Service {
  return {
    name,
    start() {
      log.push(`start ${name}`);
      return fail.start ? Promise.reject(new Error(`${name} cannot start`)) : Promise.resolve();
    },
    stop() {
      log.push(`stop ${name}`);
      return fail.stop ? Promise.reject(new Error(`${name} cannot stop`)) : Promise.resolve();
    },
  };
}

/** A promise with its resolve at hand. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe("ServiceList", () => {
  it("starts the services in order and stops them in reverse", async () => {
    const log: string[] = [];
    const list = new ServiceList(["a", "b", "c"].map((n) => recorded(n, log)));
    await list.start();
    await list.stop();
    expect(log).toEqual(["start a", "start b", "start c", "stop c", "stop b", "stop a"]);
    expect(list.names).toEqual(["a", "b", "c"]);
  });

  it("on a failure mid-start stops what had started, in reverse, and rethrows the failure", async () => {
    const log: string[] = [];
    const events: ServiceEvent["type"][] = [];
    const list = new ServiceList([recorded("a", log), recorded("b", log), recorded("c", log, { start: true }), recorded("d", log)], (e) =>
      events.push(e.type),
    );
    await expect(list.start()).rejects.toThrow("c cannot start");
    // c's start failed: c cleans up after itself; d never started.
    expect(log).toEqual(["start a", "start b", "start c", "stop b", "stop a"]);
    expect(events).toEqual(["started", "started", "start-failed", "stopped", "stopped"]);
    // Nothing is left to stop.
    await list.stop();
    expect(log).toHaveLength(5);
  });

  it("stops once however often it is asked, at the same time or after", async () => {
    const log: string[] = [];
    const list = new ServiceList([recorded("a", log), recorded("b", log)]);
    await list.start();
    const first = list.stop();
    expect(list.stop()).toBe(first);
    await first;
    await list.stop();
    expect(log).toEqual(["start a", "start b", "stop b", "stop a"]);
  });

  it("stops every service even when one cannot, then rejects with that failure", async () => {
    const log: string[] = [];
    const events: string[] = [];
    const list = new ServiceList([recorded("a", log), recorded("b", log, { stop: true }), recorded("c", log)], (e) =>
      events.push(`${e.type} ${e.name}`),
    );
    await list.start();
    await expect(list.stop()).rejects.toThrow("b cannot stop");
    expect(log.slice(3)).toEqual(["stop c", "stop b", "stop a"]);
    expect(events.slice(3)).toEqual(["stopped c", "stop-failed b", "stopped a"]);
  });

  it("asked to stop while starting: starts nothing more, and stops what did start", async () => {
    const log: string[] = [];
    const slow = gate();
    const b: Service = { ...recorded("b", log), start: () => (log.push("start b"), slow.promise) };
    const list = new ServiceList([recorded("a", log), b, recorded("c", log)]);
    const starting = list.start();
    await vi.waitFor(() => expect(log).toContain("start b"));
    const stopping = list.stop();
    slow.open();
    await starting;
    await stopping;
    expect(log).toEqual(["start a", "start b", "stop b", "stop a"]);
  });

  it("starts again after a stop (a replica that regains the lead), the stop finished first", async () => {
    const log: string[] = [];
    const list = new ServiceList([recorded("a", log), recorded("b", log)]);
    await list.start();
    const stopping = list.stop();
    const again = list.start();
    await Promise.all([stopping, again]);
    await list.stop();
    expect(log).toEqual(["start a", "start b", "stop b", "stop a", "start a", "start b", "stop b", "stop a"]);
  });

  it("refuses two services of one name: the logs and the tests tell them apart by it", () => {
    expect(() => new ServiceList([stopOnly("a", () => {}), stopOnly("a", () => {})])).toThrow('two services are named "a"');
  });
});

describe("everyService", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs its job every interval while started, never two runs at once, and its stop waits for the run in progress", async () => {
    vi.useFakeTimers();
    const runs: ReturnType<typeof gate>[] = [];
    const job = () => {
      const g = gate();
      runs.push(g);
      return g.promise;
    };
    const service = everyService("tick", 1_000, job, () => {});
    await service.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    // Still running a second later: not doubled.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(1);

    let stopped = false;
    const stopping = service.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    runs[0]!.open();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toHaveLength(1);
  });

  it("hands a failed run to onError and runs again at the next interval", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const service = everyService(
      "flaky",
      1_000,
      () => (++calls === 1 ? Promise.reject(new Error("once")) : Promise.resolve()),
      (err) => errors.push(err),
      { runAtStart: true },
    );
    await service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(errors).toEqual([new Error("once")]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    await service.stop();
  });
});
