/**
 * Leadership as one service: the jobs that must run once among processes sharing a store
 * (sending the outbox, support's checks, the timers) are a list of their own, started when this
 * process gains the lead and stopped when it loses it or stops.
 */
import type { Coordination } from "../store/coordination.js";
import type { Logger } from "../log.js";
import type { Service, ServiceList } from "./services.js";

/**
 * The lead of the jobs that must run once. Every process competes; one process's coordination
 * grants it at once, and then its jobs have started (or failed start-up) when this start resolves.
 * Replicas: one leads; when it dies, its lock goes with its database session and another replica
 * takes over within seconds. One sender per bot token is also what Telegram's per-bot limits want.
 */
export function leadershipService(coordination: Coordination, jobs: ServiceList, logger: Pick<Logger, "error">): Service {
  let leadership: ReturnType<Coordination["lead"]> | undefined;
  let stopping = false;
  const stopJobs = () => jobs.stop().catch((err: unknown) => logger.error({ err }, "could not stop the leader's jobs"));
  return {
    name: "leadership",
    async start() {
      stopping = false;
      let atStart = true;
      let gainedAtStart: Promise<void> | undefined;
      leadership = coordination.lead("jobs", {
        onGain: () => {
          const started = jobs.start();
          if (atStart) gainedAtStart = started;
          else started.catch((err: unknown) => logger.error({ err }, "could not start the leader's jobs"));
        },
        onLose: () => {
          // Outside a stop, only when this process's database connection failed: sending stops
          // here and another replica leads. Restart this one to have it take part again.
          if (!stopping) logger.error("this replica lost the lead of sending and support's checks; restart it to rejoin");
          void stopJobs();
        },
      });
      atStart = false;
      try {
        await gainedAtStart;
      } catch (err) {
        stopping = true;
        await leadership.stop();
        throw err;
      }
    },
    async stop() {
      stopping = true;
      await leadership?.stop();
      await jobs.stop();
    },
  };
}
