import { describe, expect, it } from "vitest";
import { leadershipService } from "../../src/app/leadership.js";
import { ServiceList, type Service } from "../../src/app/services.js";
import { singleProcessCoordination, type Coordination, type LeadershipEvents } from "../../src/store/coordination.js";

/** The leader's jobs, writing what happens to them into `log`. */
function jobs(log: string[], failStart = false): ServiceList {
  const job = (name: string, fail = false): Service => ({
    name,
    start: () => (log.push(`start ${name}`), fail ? Promise.reject(new Error(`${name} cannot start`)) : Promise.resolve()),
    stop: () => (log.push(`stop ${name}`), Promise.resolve()),
  });
  return new ServiceList([job("outbox"), job("support", failStart)]);
}

/** Coordination whose lead is given and taken by the test, as a database's would be. */
function handedCoordination(): Coordination & { gain(): void; lose(): void } {
  let events: LeadershipEvents | undefined;
  let leader = false;
  const lose = () => {
    if (!leader) return;
    leader = false;
    events?.onLose();
  };
  return {
    ...singleProcessCoordination(),
    lead(_name, e) {
      events = e;
      return {
        get isLeader() {
          return leader;
        },
        stop() {
          lose();
          return Promise.resolve();
        },
      };
    },
    gain() {
      leader = true;
      events?.onGain();
    },
    lose,
  };
}

const quietLogger = (errors: string[] = []) => ({ error: (...a: unknown[]) => void errors.push(String(a.at(-1))) });

describe("leadershipService", () => {
  it("one process: the lead is granted at once, so the jobs have started when the service has, and stop with it", async () => {
    const log: string[] = [];
    const service = leadershipService(singleProcessCoordination(), jobs(log), quietLogger());
    await service.start();
    expect(log).toEqual(["start outbox", "start support"]);
    await service.stop();
    expect(log).toEqual(["start outbox", "start support", "stop support", "stop outbox"]);
  });

  it("one process: a job that cannot start fails the start, after the jobs started before it have stopped", async () => {
    const log: string[] = [];
    const service = leadershipService(singleProcessCoordination(), jobs(log, true), quietLogger());
    await expect(service.start()).rejects.toThrow("support cannot start");
    expect(log).toEqual(["start outbox", "start support", "stop outbox"]);
  });

  it("a replica: starts its jobs when it gains the lead, stops them when it loses it, and says so", async () => {
    const log: string[] = [];
    const errors: string[] = [];
    const coordination = handedCoordination();
    const list = jobs(log);
    const service = leadershipService(coordination, list, quietLogger(errors));
    await service.start();
    expect(log).toEqual([]);
    coordination.gain();
    await list.start();
    expect(log).toEqual(["start outbox", "start support"]);
    coordination.lose();
    await list.stop();
    expect(log.slice(2)).toEqual(["stop support", "stop outbox"]);
    expect(errors).toEqual(["this replica lost the lead of sending and support's checks; restart it to rejoin"]);
    await service.stop();
    expect(log).toHaveLength(4);
  });
});
