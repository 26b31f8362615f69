/**
 * Start-up as a list: each part of the app that runs (a server, a loop, a timer, a connection to
 * close) is a service with `start` and `stop`. The list is started in order and stopped in
 * reverse, so a part is stopped only after every part that was started after it, and so relies
 * on it, has stopped. A failure while starting stops what had started, in reverse, and rethrows:
 * no half-started app is left behind holding a port, a timer or a file.
 */

/** One part of the app that runs between a start and a stop. */
export interface Service {
  /** Short and stable: it names the part in logs and tests ("store", "updates"). */
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What a {@link ServiceList} tells as it goes, for logs and tests. */
export type ServiceEvent =
  | { type: "started"; name: string; ms: number }
  | { type: "stopped"; name: string; ms: number }
  | { type: "start-failed"; name: string; err: unknown }
  | { type: "stop-failed"; name: string; err: unknown };

/**
 * Runs a list of services. `start` after a finished `stop` starts the list again (a replica that
 * regains the lead starts its leader's jobs again); `stop` is safe to call twice, and during a
 * start: the start ends before the next service, and what it started is stopped.
 */
export class ServiceList {
  readonly #services: readonly Service[];
  readonly #onEvent: (e: ServiceEvent) => void;
  /** Started and not yet stopped, in start order. */
  readonly #running: Service[] = [];
  #starting: Promise<void> | undefined;
  #stopping: Promise<void> | undefined;
  /** Starts begun so far: tells a start that failed whether a newer one has begun since. */
  #runs = 0;

  constructor(services: readonly Service[], onEvent: (e: ServiceEvent) => void = () => {}) {
    const names = services.map((s) => s.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) throw new Error(`two services are named "${twice}"`);
    this.#services = services;
    this.#onEvent = onEvent;
  }

  /** The services' names, in start order. */
  get names(): readonly string[] {
    return this.#services.map((s) => s.name);
  }

  /** Starts every service in order; on a failure stops the started ones in reverse and rethrows. */
  start(): Promise<void> {
    if (this.#starting) return this.#starting;
    // Started again after a stop: the stop ends first.
    const previous = this.#stopping;
    this.#stopping = undefined;
    const run = ++this.#runs;
    const starting = (async () => {
      await previous?.catch(() => undefined);
      try {
        await this.#startAll();
      } catch (err) {
        // A failed start can be started again (unless a stop and a newer start came meanwhile).
        if (this.#runs === run) this.#starting = undefined;
        throw err;
      }
    })();
    this.#starting = starting;
    return starting;
  }

  /** Stops the started services in reverse order, each even if an earlier one failed; rejects with the first failure. */
  stop(): Promise<void> {
    if (!this.#stopping) {
      const starting = this.#starting;
      this.#starting = undefined;
      this.#stopping = (async () => {
        await starting?.catch(() => undefined);
        await this.#stopRunning();
      })();
    }
    return this.#stopping;
  }

  async #startAll(): Promise<void> {
    for (const service of this.#services) {
      // A stop asked for meanwhile: start nothing more (stop() then stops what did start).
      if (this.#stopping) return;
      const began = performance.now();
      try {
        await service.start();
      } catch (err) {
        this.#onEvent({ type: "start-failed", name: service.name, err });
        await this.#stopRunning().catch(() => undefined);
        throw err;
      }
      this.#running.push(service);
      this.#onEvent({ type: "started", name: service.name, ms: performance.now() - began });
    }
  }

  async #stopRunning(): Promise<void> {
    let first: { err: unknown } | undefined;
    for (let service = this.#running.pop(); service; service = this.#running.pop()) {
      const began = performance.now();
      try {
        await service.stop();
        this.#onEvent({ type: "stopped", name: service.name, ms: performance.now() - began });
      } catch (err) {
        this.#onEvent({ type: "stop-failed", name: service.name, err });
        first ??= { err };
      }
    }
    if (first) throw first.err;
  }
}

/** A service with nothing to start, only something to end (a client to close, a flag to set). */
export function stopOnly(name: string, stop: () => Promise<void> | void): Service {
  return { name, start: () => Promise.resolve(), stop: async () => stop() };
}

/**
 * A job run every `intervalMs` while started, one run at a time (a run still going when the next
 * is due is not doubled). `stop` clears the timer and waits for a run in progress, so nothing it
 * touches is closed under it. Failures go to `onError`; the next run tries again.
 */
export function everyService(
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
  onError: (err: unknown) => void,
  options: { runAtStart?: boolean } = {},
): Service & { runNow(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runNow = (): Promise<void> =>
    (running ??= job()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      }));
  return {
    name,
    runNow,
    start() {
      if (timer) return Promise.resolve();
      timer = setInterval(() => void runNow(), intervalMs);
      // The process ends when its other work does; a timer alone does not hold it.
      timer.unref();
      if (options.runAtStart) void runNow();
      return Promise.resolve();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
