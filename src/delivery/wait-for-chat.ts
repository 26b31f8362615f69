/**
 * Waiting for a chat's entries to reach a state (sent, nothing pending), on events rather than by
 * looking at the store every few milliseconds: one look at once, one after each event that may
 * have changed the answer, and a slow look without news, for news another process sent and the
 * connection lost. The outbox (outbox.ts) supplies the look and the events.
 */

/** Calls `onNews` on each piece of news from now on; returns its removal. */
export type Subscription = (onNews: () => void) => () => void;

/** Options of {@link waitForChat}. */
export interface WaitOptions {
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
export function waitForChat(opts: WaitOptions): Promise<boolean> {
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
