/**
 * Broadcasts: one text to every person who has not blocked the bot, paced under Telegram's
 * limits, cancellable, and surviving a restart without ever writing to anyone twice.
 *
 * State, all in the store:
 * - the job (kv "broadcasts", by job id): text, who asked, state, the recipient list snapshot taken
 *   when it was confirmed, and the admin's progress message;
 * - one mark per recipient (kv "broadcast:<job id>", by user id): sending → sent | blocked | failed.
 *
 * Never twice: recipients are taken in batches; the whole batch is marked "sending" (the marks are
 * written through: durable when the marking resolves) *before* the first message of the batch goes
 * out, then each mark becomes its outcome. On resume, anyone with a mark is skipped. A clean stop
 * removes the "sending" marks of messages it did not send, so they are sent after the restart; only
 * a crash leaves "sending" marks behind, and those people are skipped and counted as "unconfirmed"
 * (maybe delivered, maybe not): missing a person is better than writing to them twice. A batch's
 * marks, and the outcomes of the batch before, are made at once: one file write per batch on lowdb
 * keeps the writes to about one a second at full speed.
 *
 * Pacing: one message every 1000/perSecond ms (25/s by default, under Telegram's ~30/s); a 429
 * is waited out by the HTTP-level retry of the Api the sender uses. A 403 marks the person blocked.
 *
 * A recipient's mark is taken with `add` (only if there is none) and a job's state moves with
 * `update`, so a step taken twice at once (a double tap on Confirm, two processes resuming the
 * same job) still writes to each person at most once.
 */
import type { DataStore } from "../store/data-store.js";
import type { BroadcastCounts, BroadcastJob, BroadcastState } from "../domain/reports.js";
import { namespace } from "../store/namespace.js";

/** The store namespace of the jobs. */
export const BROADCASTS_NAMESPACE = namespace<BroadcastJob>("broadcasts", "through");
/** One namespace per job: each recipient's mark ("sending" before the message goes out), written through. */
export const recipientMarks = (jobId: string) => namespace<RecipientMark>(`broadcast:${jobId}`, "through");

type RecipientMark = "sending" | "sent" | "blocked" | "failed";

/** What sending one message ended in, as the sender reports it. */
export type SendOutcome = "sent" | "blocked" | "failed";

/** Options of {@link BroadcastRunner}. */
export interface BroadcastRunnerOptions {
  store: DataStore;
  /** Sends the text to one person; resolves with the outcome (it does not throw for 403). */
  send: (userId: number, text: string) => Promise<SendOutcome>;
  /** Shows progress (final = the job ended). Errors are logged and ignored. */
  onProgress: (job: BroadcastJob, counts: BroadcastCounts, final: boolean) => Promise<void>;
  logger: { info(fields: object, msg?: string): void; warn(fields: object, msg?: string): void; error(fields: object, msg?: string): void };
  /** Messages per second overall. Default 25. */
  perSecond?: number;
  /** Recipients marked per write. Default 25. */
  batchSize?: number;
  /** Progress shown at most this often. Default 2000 ms. */
  progressEveryMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Counts the marks of a job. */
function countJob(job: BroadcastJob, marks: Iterable<[string, RecipientMark]>): BroadcastCounts {
  const c: BroadcastCounts = { total: job.recipients.length, sent: 0, blocked: 0, failed: 0, unconfirmed: 0, remaining: 0 };
  let marked = 0;
  for (const [, mark] of marks) {
    marked++;
    if (mark === "sent") c.sent++;
    else if (mark === "blocked") c.blocked++;
    else if (mark === "failed") c.failed++;
    else c.unconfirmed++;
  }
  c.remaining = Math.max(0, c.total - marked);
  return c;
}

/** Runs broadcast jobs; see the module comment. */
export class BroadcastRunner {
  readonly #opts: Required<Omit<BroadcastRunnerOptions, "now" | "sleep">> & Pick<BroadcastRunnerOptions, "now" | "sleep">;
  readonly #running = new Map<string, Promise<void>>();
  readonly #cancelled = new Set<string>();
  #stopping = false;

  constructor(opts: BroadcastRunnerOptions) {
    // `??` rather than spread defaults: an option passed as undefined keeps its default.
    this.#opts = {
      ...opts,
      perSecond: opts.perSecond ?? 25,
      batchSize: opts.batchSize ?? 25,
      progressEveryMs: opts.progressEveryMs ?? 2000,
    };
  }

  get #jobs() {
    return this.#opts.store.kv(BROADCASTS_NAMESPACE);
  }

  #marks(id: string) {
    return this.#opts.store.kv(recipientMarks(id));
  }

  #now(): Date {
    return this.#opts.now?.() ?? new Date();
  }

  /** Stores a draft for the admin to preview; nothing is sent until {@link start}. */
  async createDraft(adminId: number, chatId: number, text: string): Promise<BroadcastJob> {
    const at = this.#now();
    const job: BroadcastJob = {
      id: `b${at.getTime().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      adminId,
      chatId,
      text,
      state: "draft",
      createdAt: at.toISOString(),
      recipients: [],
    };
    await this.#jobs.set(job.id, job);
    return job;
  }

  get(id: string): Promise<BroadcastJob | undefined> {
    return this.#jobs.get(id);
  }

  /** People a broadcast would go to now: everyone known who has not blocked the bot. */
  async audience(): Promise<number[]> {
    const ids: number[] = [];
    for await (const u of this.#opts.store.users.all()) if (!u.blocked) ids.push(u.id);
    return ids;
  }

  async counts(id: string): Promise<BroadcastCounts | undefined> {
    const job = await this.get(id);
    return job ? countJob(job, await this.#marks(id).entries()) : undefined;
  }

  /**
   * Confirms a draft: snapshots the recipients and starts sending. Returns undefined when the job
   * is not a draft any more (a second tap on Confirm), so nothing starts twice.
   */
  async start(id: string, progressMessageId?: number): Promise<BroadcastJob | undefined> {
    const draft = await this.get(id);
    if (draft?.state !== "draft" || this.#stopping) return undefined;
    const startedAt = this.#now().toISOString();
    const recipients = await this.audience();
    // Draft → running in one step: of two confirmations, only one finds a draft here. What the
    // change found is kept from its last run (the one that was written).
    const found: { draft?: boolean } = {};
    const job = await this.#jobs.update(id, (current) => {
      found.draft = current?.state === "draft";
      return current?.state === "draft" ? { ...current, state: "running", startedAt, recipients, progressMessageId } : current;
    });
    if (found.draft !== true || !job) return undefined;
    this.#opts.logger.info({ broadcastId: id, recipients: job.recipients.length, adminId: job.adminId }, "broadcast: started");
    this.#launch(id);
    return job;
  }

  /** Records the progress message (when it is sent after {@link start}). */
  async setProgressMessage(id: string, messageId: number): Promise<void> {
    await this.#jobs.update(id, (job) => job && { ...job, progressMessageId: messageId });
  }

  /** Drops a draft, or stops a running job after the message being sent. Returns the new state. */
  async cancel(id: string): Promise<BroadcastState | undefined> {
    const finishedAt = this.#now().toISOString();
    // In one step: a draft confirmed at this moment is either cancelled here or running below.
    const job = await this.#jobs.update(id, (current) =>
      current?.state === "draft" ? { ...current, state: "cancelled", finishedAt } : current,
    );
    if (job?.state === "running") this.#cancelled.add(id);
    return job?.state;
  }

  /** Resumes every job a previous run left running. Returns how many. */
  async resumeAll(): Promise<number> {
    let n = 0;
    for (const [id, job] of await this.#jobs.entries()) {
      if (job.state !== "running" || this.#running.has(id)) continue;
      this.#opts.logger.info({ broadcastId: id }, "broadcast: resuming after a restart");
      this.#launch(id);
      n++;
    }
    return n;
  }

  /** Resolves when job `id` has ended (or immediately if it is not running here). */
  async finished(id: string): Promise<void> {
    await this.#running.get(id);
  }

  /** Stops after the message being sent; unsent marks are undone so a restart sends them. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(this.#running.values());
  }

  #launch(id: string): void {
    const run = this.#run(id)
      .catch((err: unknown) => this.#opts.logger.error({ err, broadcastId: id }, "broadcast: the run failed; it resumes on the next start"))
      .finally(() => this.#running.delete(id));
    this.#running.set(id, run);
  }

  async #run(id: string): Promise<void> {
    const { batchSize, perSecond, progressEveryMs } = this.#opts;
    const sleep = this.#opts.sleep ?? defaultSleep;
    const marks = this.#marks(id);
    const job = await this.get(id);
    if (!job) return;
    const gap = 1000 / perSecond;
    let cursor = 0;
    let lastProgress = 0;
    let nextSlot = Date.now();
    const halted = () => this.#stopping || this.#cancelled.has(id);
    /** Outcomes of the batch sent last, written together with the next batch's marks. */
    const outcomes: Array<[number, SendOutcome]> = [];
    const writeOutcomes = () => Promise.all(outcomes.splice(0).map(([userId, outcome]) => marks.set(String(userId), outcome)));

    while (!halted() && cursor < job.recipients.length) {
      const candidates = job.recipients.slice(cursor, (cursor += batchSize));
      // Marked "sending" only if unmarked: whoever marks a person is the one who writes to them.
      // Durable before anything is sent: see "Never twice" in the module comment.
      const [taken] = await Promise.all([Promise.all(candidates.map((userId) => marks.add(String(userId), "sending"))), writeOutcomes()]);
      const batch = candidates.filter((_, i) => taken[i]);
      const unsent: number[] = [];
      for (const userId of batch) {
        if (halted()) {
          unsent.push(userId);
          continue;
        }
        const wait = nextSlot - Date.now();
        if (wait > 0) await sleep(wait);
        nextSlot = Math.max(nextSlot, Date.now()) + gap;
        let outcome: SendOutcome;
        try {
          outcome = await this.#opts.send(userId, job.text);
        } catch (err) {
          this.#opts.logger.warn({ err, broadcastId: id, userId }, "broadcast: a message failed");
          outcome = "failed";
        }
        outcomes.push([userId, outcome]);
        if (Date.now() - lastProgress >= progressEveryMs) {
          lastProgress = Date.now();
          await writeOutcomes();
          await this.#progress(id, false);
        }
      }
      await Promise.all(unsent.map((userId) => marks.delete(String(userId))));
    }
    await writeOutcomes();

    if (this.#stopping && !this.#cancelled.has(id)) return; // Left "running": the next start resumes it.
    const state = this.#cancelled.has(id) ? "cancelled" : "done";
    const finishedAt = this.#now().toISOString();
    await this.#jobs.update(id, (current) => current && { ...current, state, finishedAt });
    this.#cancelled.delete(id);
    const counts = await this.counts(id);
    this.#opts.logger.info({ broadcastId: id, state, ...counts }, "broadcast: finished");
    await this.#progress(id, true);
  }

  async #progress(id: string, final: boolean): Promise<void> {
    const job = await this.get(id);
    const counts = await this.counts(id);
    if (!job || !counts) return;
    try {
      await this.#opts.onProgress(job, counts, final);
    } catch (err) {
      this.#opts.logger.warn({ err, broadcastId: id }, "broadcast: could not show progress");
    }
  }
}
