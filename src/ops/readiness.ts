/**
 * What /readyz answers from: state kept up to date by events, so a probe never waits on I/O.
 *
 * - **Store**: a background probe writes and removes a small file in the data directory every
 *   `probeIntervalMs` (both data files live there), and each store reports its failed writes. A
 *   store that cannot write keeps its changes in memory only: a process in that state must not be
 *   sent traffic.
 * - **Partner**: the last partner attempt within `partnerWindowMs` must not be a service failure
 *   (no answer, 5xx, garbage); no attempt in the window means none was needed, which is fine.
 * - **Telegram**: the last Bot API call (long polling calls getUpdates at least every 30 s) got an
 *   answer within `telegramWindowMs`, and no later call failed for lack of one.
 */
import { unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isServiceFailure } from "../support/partner-health.js";
import type { PartnerRequestEvent } from "../partner/client.js";

/** One check's verdict, with a short reason for a person reading /readyz. */
interface CheckResult {
  ok: boolean;
  reason?: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: { store: CheckResult; partner: CheckResult; telegram: CheckResult };
}

export interface ReadinessOptions {
  dataDir: string;
  now?: () => number;
  /** Default 5 s: how stale the store verdict may be. */
  probeIntervalMs?: number;
  /** Default 5 minutes. */
  partnerWindowMs?: number;
  /** Default 2 minutes: four long-polling rounds. */
  telegramWindowMs?: number;
}

const PROBE_FILE = ".ready-probe";

export class Readiness {
  readonly #opts: Required<Omit<ReadinessOptions, "now">>;
  readonly #now: () => number;
  #probeError: string | undefined;
  #probed = false;
  #probing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** Failed writes in a row, per store file name. */
  readonly #writeFailures = new Map<string, number>();
  #closed = false;
  #partnerAt: number | undefined;
  #partnerFailed = false;
  #telegramAnsweredAt: number | undefined;
  #telegramUnreachable: string | undefined;

  constructor(opts: ReadinessOptions) {
    this.#opts = { probeIntervalMs: 5_000, partnerWindowMs: 5 * 60_000, telegramWindowMs: 2 * 60_000, ...opts };
    this.#now = opts.now ?? Date.now;
  }

  /** Starts the store probe (one now, then every interval). */
  start(): void {
    void this.probe();
    this.#timer = setInterval(() => void this.probe(), this.#opts.probeIntervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#closed = true;
  }

  /** Writes and removes the probe file; the verdict is kept for /readyz. Tests await it. */
  probe(): Promise<void> {
    this.#probing ??= (async () => {
      const file = join(this.#opts.dataDir, PROBE_FILE);
      try {
        await writeFile(file, String(this.#now()));
        await unlink(file);
        this.#probeError = undefined;
      } catch (err) {
        // The code only (ENOTDIR, EROFS, ENOSPC…): the message would carry a path of the machine.
        this.#probeError = (err as NodeJS.ErrnoException).code ?? "write failed";
      } finally {
        this.#probed = true;
        this.#probing = undefined;
      }
    })();
    return this.#probing;
  }

  /** A store write ended (the store's onWrite hook). */
  storeWrite(file: string, ok: boolean): void {
    this.#writeFailures.set(file, ok ? 0 : (this.#writeFailures.get(file) ?? 0) + 1);
  }

  partnerRequest(e: Pick<PartnerRequestEvent, "ok" | "errorKind" | "status">): void {
    this.#partnerAt = this.#now();
    this.#partnerFailed = isServiceFailure(e);
  }

  /** A Bot API call ended: `answered` when Telegram (or the emulator) sent any answer. */
  telegramCall(answered: boolean, reason?: string): void {
    if (answered) {
      this.#telegramAnsweredAt = this.#now();
      this.#telegramUnreachable = undefined;
    } else {
      this.#telegramUnreachable = reason ?? "no answer";
    }
  }

  report(): ReadinessReport {
    const now = this.#now();
    const failing = [...this.#writeFailures].filter(([, n]) => n > 0).map(([file]) => file);
    const store: CheckResult = this.#closed
      ? { ok: false, reason: "stopping" }
      : this.#probeError !== undefined
        ? { ok: false, reason: `data directory not writable (${this.#probeError})` }
        : failing.length > 0
          ? { ok: false, reason: `writes failing: ${failing.join(", ")}` }
          : !this.#probed
            ? { ok: false, reason: "not checked yet" }
            : { ok: true };
    const partnerRecent = this.#partnerAt !== undefined && now - this.#partnerAt <= this.#opts.partnerWindowMs;
    const partner: CheckResult = partnerRecent && this.#partnerFailed ? { ok: false, reason: "last partner request failed" } : { ok: true };
    const telegram: CheckResult =
      this.#telegramUnreachable !== undefined
        ? { ok: false, reason: `unreachable (${this.#telegramUnreachable})` }
        : this.#telegramAnsweredAt === undefined
          ? { ok: false, reason: "not reached yet" }
          : now - this.#telegramAnsweredAt > this.#opts.telegramWindowMs
            ? { ok: false, reason: "no answer recently" }
            : { ok: true };
    return { ready: store.ok && partner.ok && telegram.ok, checks: { store, partner, telegram } };
  }
}
