/**
 * Every answer to a button press (answerCallbackQuery) the process makes goes through here, so
 * that no answer ever fails an update or reaches the person.
 *
 * Telegram waits for a press's answer for a short while only (the Bot API reference names no
 * figure; about 10 to 15 s by every report) and accepts one answer per press: past the window, or
 * the second time, it answers 400 "query is too old". Such a 400 used to fail the whole update
 * (logged "update failed"), and the error handler then answered the same press again (another 400)
 * and told the person "Something went wrong". It happened to every press the inbox replays after a
 * kill: the killed process had answered it, and its window was nearly or long over. So:
 *
 * - A press is answered within {@link PRESS_ANSWER_WINDOW_MS} of its arrival only, and not at all
 *   when it was taken over from an earlier process (updates/inbox.ts): that process answered it
 *   first thing, in all likelihood, and a press unanswered is only a spinner that Telegram's
 *   client ends by itself. The press is handled all the same.
 * - At most once: a second answer to the same press is not sent.
 * - An answer that fails anyway is logged (info) and taken as given.
 *
 * A skipped or failed answer resolves as Telegram's `true`. Why at the HTTP level, the `fetch` of
 * grammY's client options, rather than as a transformer or on `ctx`: the conversations plugin
 * builds an Api of its own for each replay, which bot.api's transformers do not reach, and keeps
 * every call's result in its replay log. A guard above that log that skipped a call would leave
 * the log one call short of what a later replay makes, and that replay would read wrong answers.
 * Below it, the log keeps what the guard answered (as it does for bot/telegram-fetch.ts's retries).
 */
import type fetch from "node-fetch";
import { Response } from "node-fetch";
import type { Context, NextFunction } from "grammy";
import type { Arrival } from "../updates/inbox.js";

/**
 * How long after its arrival a press is still answered, ms: under the 10 s Telegram keeps a press
 * open at its strictest, with room for the time the press took to reach the bot.
 */
export const PRESS_ANSWER_WINDOW_MS = 8_000;

/**
 * A press is forgotten this long after it was noted, ms: long past its window, when Telegram would
 * refuse any answer to it (and a failed one is logged and taken as given anyway).
 */
const FORGET_AFTER_MS = 60_000;

export interface PressAnswersOptions {
  now: () => Date;
  logger: { debug(fields: object, msg?: string): void; info(fields: object, msg?: string): void };
}

/** What is known of one press. */
interface Press {
  /** Answers are sent until this moment (ms since the epoch), none after it. */
  until: number;
  takenOver: boolean;
  /** An answer was sent (or tried): there is no second one. */
  answered: boolean;
  /** When it was noted (ms since the epoch), to forget it later. */
  notedAt: number;
}

type Fetch = typeof fetch;

/** What Telegram answers to a successful answerCallbackQuery: what a skipped answer resolves as. */
function answeredResponse(): Response {
  return new Response(JSON.stringify({ ok: true, result: true }), { status: 200, headers: { "content-type": "application/json" } });
}

/** The press an answerCallbackQuery request is for, or undefined for any other request. */
function pressOf(url: Parameters<Fetch>[0], init: Parameters<Fetch>[1]): string | undefined {
  const href = typeof url === "string" ? url : "href" in url ? url.href : url.url;
  if (!href.endsWith("/answerCallbackQuery")) return undefined;
  // grammY sends a payload without files as JSON (and answerCallbackQuery has no files).
  if (typeof init?.body !== "string") return undefined;
  try {
    const id = (JSON.parse(init.body) as { callback_query_id?: unknown }).callback_query_id;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The presses this process saw and answered; see the module comment. */
export class PressAnswers {
  readonly #opts: PressAnswersOptions;
  /** By callback query id, oldest noted first. */
  readonly #presses = new Map<string, Press>();

  constructor(opts: PressAnswersOptions) {
    this.#opts = opts;
  }

  /**
   * Middleware, installed before the chat's queue: notes each press with when it arrived, from
   * `arrivalOf` (the inbox) or, when that does not know the update, now.
   */
  noteArrival(arrivalOf: (updateId: number) => Arrival | undefined = () => undefined) {
    return (ctx: Context, next: NextFunction): Promise<void> => {
      const press = ctx.callbackQuery;
      if (press !== undefined && !this.#presses.has(press.id)) {
        this.#forgetOld();
        const arrival = arrivalOf(ctx.update.update_id);
        this.#note(press.id, arrival?.at.getTime() ?? this.#opts.now().getTime(), arrival?.takenOver ?? false);
      }
      return next();
    };
  }

  /** Wraps the `fetch` of the bot's client options: every answerCallbackQuery passes the rules above. */
  fetch(inner: Fetch): Fetch {
    return async (url, init) => {
      const id = pressOf(url, init);
      if (id === undefined) return inner(url, init);
      const now = this.#opts.now().getTime();
      const press = this.#presses.get(id) ?? this.#note(id, now, false);
      if (press.answered || press.takenOver || now > press.until) {
        const why = press.answered ? "answered already" : press.takenOver ? "received by an earlier process" : "past its answer window";
        // Once per press: the first skip of one never answered is worth a line, a repeat is not.
        if (press.answered) this.#opts.logger.debug({ callbackQueryId: id, why }, "a button press is not answered again");
        else this.#opts.logger.info({ callbackQueryId: id, why }, "a button press is handled without answering it");
        press.answered = true;
        return answeredResponse();
      }
      press.answered = true;
      try {
        const res = await inner(url, init);
        if (res.ok) return res;
        const description = await res
          .text()
          .then((text) => (JSON.parse(text) as { description?: unknown }).description)
          .catch(() => undefined);
        this.#opts.logger.info({ callbackQueryId: id, status: res.status, description }, "a button press could not be answered; going on");
      } catch (err) {
        this.#opts.logger.info({ callbackQueryId: id, err }, "a button press could not be answered; going on");
      }
      return answeredResponse();
    };
  }

  #note(id: string, arrivedAt: number, takenOver: boolean): Press {
    const press: Press = { until: arrivedAt + PRESS_ANSWER_WINDOW_MS, takenOver, answered: false, notedAt: this.#opts.now().getTime() };
    this.#presses.set(id, press);
    return press;
  }

  /** Drops the presses noted longer ago than {@link FORGET_AFTER_MS} (the oldest come first). */
  #forgetOld(): void {
    const before = this.#opts.now().getTime() - FORGET_AFTER_MS;
    for (const [id, press] of this.#presses) {
      if (press.notedAt > before) return;
      this.#presses.delete(id);
    }
  }
}
