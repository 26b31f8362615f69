/**
 * When the archive runs: once at start-up (after cutting off any line torn by a crash) and then
 * every hour. A run moves due exchanges in small batches and yields between them (archive.ts), so
 * the bot keeps answering while a first run works through a data file of a hundred thousand.
 */
import type { ArchiveRunReport, ExchangeArchive } from "./archive.js";

/** The minimal pino-like logger the archiver writes to. */
interface ArchiverLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

/** Options of {@link startArchiver}. */
export interface ArchiverOptions {
  archive: ExchangeArchive;
  /** A finished exchange is archived once its last update is older than this (ARCHIVE_AFTER_DAYS). */
  afterMs: number;
  /** Between runs; default one hour. */
  intervalMs?: number;
  /** Records per move; see ArchiveRunOptions. */
  batchSize?: number;
  now: () => Date;
  logger: ArchiverLogger;
}

/** A running archiver. */
export interface Archiver {
  /** Runs now, as of `at` (default: now), after any run in progress; resolves with what it moved. */
  runNow(at?: Date): Promise<ArchiveRunReport>;
  /** Resolves when no run is in progress (the start-up run included). */
  idle(): Promise<void>;
  /** No further runs; a run in progress stops after its current batch. Resolves when it has. */
  stop(): Promise<void>;
}

const HOUR = 3_600_000;

/** Starts archiving: the start-up run begins at once, in the background. */
export function startArchiver(opts: ArchiverOptions): Archiver {
  const { archive, logger } = opts;
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.then(
      () => running.delete(p),
      () => running.delete(p),
    );
    return p;
  };

  const runNow = (at: Date = opts.now()): Promise<ArchiveRunReport> =>
    track(
      archive.run({ now: at, afterMs: opts.afterMs, batchSize: opts.batchSize, shouldStop: () => stopped }).then((report) => {
        if (report.archived > 0 || report.changedMeanwhile > 0)
          logger.info({ ...report, dir: archive.dir }, "archive: moved finished exchanges");
        return report;
      }),
    );
  const runLogged = (at?: Date) =>
    runNow(at).catch((err: unknown) => {
      // The records stay in the data file; the next run tries again.
      if (!stopped) logger.error({ err }, "archive: a run failed; the exchanges stay in the data file");
    });

  void track(
    archive
      .repair()
      .then((repaired) => {
        for (const r of repaired) logger.warn(r, "archive: cut off a line torn by an interrupted append");
      })
      .catch((err: unknown) => logger.error({ err }, "archive: checking the month files failed"))
      .then(() => (stopped ? undefined : runLogged())),
  );
  const timer = setInterval(() => void runLogged(), opts.intervalMs ?? HOUR);
  timer.unref();

  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  return {
    runNow,
    idle,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await idle();
    },
  };
}
