/**
 * What a SIGINT or SIGTERM means, given the ones before it: the first asks for a clean stop, a
 * later one for an exit without waiting.
 *
 * One Ctrl-C often arrives twice: the terminal signals the whole process group, and `npm start`
 * relays the signal it got to the bot as well, a few milliseconds later. Taken as a second Ctrl-C,
 * that relay turned a clean stop into "exiting without waiting" (status 1), depending on which
 * came first. A repeat within {@link SAME_SIGNAL_MS} is therefore the same request; a person
 * pressing Ctrl-C again because the stop takes long is slower than that.
 */

/** A repeat within this many ms of the first signal is the same request. */
export const SAME_SIGNAL_MS = 1_000;

/** "stop": stop cleanly; "repeat": the same request again, ignore it; "force": exit now. */
export type SignalMeaning = "stop" | "repeat" | "force";

/** Returns a judge to call on every signal received. */
export function signalJudge(now: () => number = Date.now, sameWithinMs = SAME_SIGNAL_MS): () => SignalMeaning {
  let first: number | undefined;
  return () => {
    const at = now();
    if (first === undefined) {
      first = at;
      return "stop";
    }
    return at - first < sameWithinMs ? "repeat" : "force";
  };
}
