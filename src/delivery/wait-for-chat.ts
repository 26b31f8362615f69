/**
 * Waiting for a chat's entries to reach a state (sent, nothing pending), on events rather than by
 * looking at the store every few milliseconds: one look at once, one after each event that may
 * have changed the answer, and a slow look without news, for news another process sent and the
 * connection lost. The outbox (outbox.ts) supplies the look and the events ({@link ChatWaits}).
 */
import { TypedEvents } from "./events.js";
import type { OutboxEvents } from "./outbox-options.js";

/** Calls `onNews` on each piece of news from now on; returns its removal. */
type Subscription = (onNews: () => void) => () => void;

/** Options of {@link waitForChat}. */
interface WaitOptions {
  /** The answer now, or undefined: not yet. */
  look: () => Promise<boolean | undefined>;
  /** News that may change the answer: each starts a look (one at a time). */
  news: Subscription[];
  /** The sender stopped: the wait ends with false. */
  stop: Subscription;
  /** Ends the wait (after one last look) with false. */
  timeoutMs: number;
  /** A look at least this often without news. */
  lookEveryMs: number;
  /** Told when a look failed (the store cannot be read); the wait goes on. */
  onLookFailed: (err: unknown) => void;
}

/** See the module comment; resolves with the first answer, or false at the timeout or a stop. */
function waitForChat(opts: WaitOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let done = false;
    let looking: Promise<void> | undefined;
    let again = false;
    const finish = (result: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      clearInterval(withoutNews);
      for (const off of offs) off();
      resolve(result);
    };
    // One look at a time; news during a look asks for one more after it. The last look (at the
    // timeout) follows the one under way.
    const lookAgain = (last = false) => {
      if (done) return;
      if (looking && !last) {
        again = true;
        return;
      }
      looking = (looking ?? Promise.resolve())
        .then(opts.look)
        .then(
          (answer) => {
            if (answer !== undefined) finish(answer);
            else if (last) finish(false);
          },
          (err: unknown) => {
            opts.onLookFailed(err);
            if (last) finish(false);
          },
        )
        .finally(() => {
          looking = undefined;
          if (again) {
            again = false;
            lookAgain();
          }
        });
    };
    // Listening before the first look: news between the look and the listening is not missed.
    const offs = [...opts.news.map((subscribe) => subscribe(() => lookAgain())), opts.stop(() => finish(false))];
    const deadline = setTimeout(() => lookAgain(true), opts.timeoutMs);
    const withoutNews = setInterval(() => lookAgain(), opts.lookEveryMs);
    withoutNews.unref();
    lookAgain();
  });
}

/**
 * A waiter looks at the store at least this often even without news: with replicas the sender is
 * another process, whose news ({@link ChatWaits.heard}) can be lost while a connection is replaced.
 */
const LOOK_WITHOUT_NEWS_MS = 1_000;

/**
 * The waits on chats of one sender: each listens to the sender's events about its chat, to the
 * sending replica's news ({@link heard}) and to the sender's stop ({@link stop}).
 */
export class ChatWaits<P> {
  readonly #events: Pick<TypedEvents<OutboxEvents<P>>, "on">;
  readonly #onLookFailed: (err: unknown, chatId: number) => void;
  /** News from other processes about a chat's entries, and this sender's stop. */
  readonly #news = new TypedEvents<{ chat: { chatId: number }; stop: undefined }>();
  #stopped = false;

  constructor(events: Pick<TypedEvents<OutboxEvents<P>>, "on">, onLookFailed: (err: unknown, chatId: number) => void) {
    this.#events = events;
    this.#onLookFailed = onLookFailed;
  }

  /** Another process (the sending replica) says `chatId`'s entries changed: its waits look again at once. */
  heard(chatId: number): void {
    this.#news.emit("chat", { chatId });
  }

  /** The sender stopped: every wait ends with false, and later ones at once. */
  stop(): void {
    this.#stopped = true;
    this.#news.emit("stop", undefined);
  }

  /** Waits for `look` to answer, looking again on `chatId`'s events and news (see {@link waitForChat}). */
  wait(chatId: number, timeoutMs: number, look: () => Promise<boolean | undefined>): Promise<boolean> {
    if (this.#stopped) return Promise.resolve(false);
    const ofChat =
      (on: (listener: (e: { chatId: number }) => void) => () => void): Subscription =>
      (onNews) =>
        on((e) => e.chatId === chatId && onNews());
    const ofEntry =
      (event: "sent" | "failed"): Subscription =>
      (onNews) =>
        this.#events.on(event, ({ entry }) => entry.chatId === chatId && onNews());
    return waitForChat({
      look,
      news: [
        ofEntry("sent"),
        ofEntry("failed"),
        ofChat((l) => this.#events.on("parked", l)),
        ofChat((l) => this.#events.on("drained", l)),
        ofChat((l) => this.#news.on("chat", l)),
      ],
      stop: (onStop) => this.#news.on("stop", onStop),
      timeoutMs,
      lookEveryMs: LOOK_WITHOUT_NEWS_MS,
      onLookFailed: (err) => this.#onLookFailed(err, chatId),
    });
  }
}
