/**
 * One 429 with retry_after early in the flow is waited out once; the steps after it answer at
 * their usual speed. Measured before the fix: auto-retry sat above the conversation's replay
 * layer, so the recorded retry_after was slept again on every replay, and every later answer took
 * about retry_after seconds for the rest of the flow.
 *
 * "Their usual speed" is what a second person's same step takes, walked at the same moment by the
 * same bot: a busy machine slows both alike, and only a sleep again sets the first apart. (A fixed
 * limit on each step's wall time measured the machine's load: a loaded run took more than its 1.5 s.)
 */
import { expect, it } from "vitest";
import type { BotMessage } from "../../src/devtools/emulator/server.js";
import { PROMPTS } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { withCrashWorld } from "./world.js";

const RETRY_AFTER_S = 3;
/** "Well under retry_after": a step slept again is at least the whole of it slower than the other person's. */
const STEP_LIMIT_MS = (RETRY_AFTER_S * 1000) / 2;

/** Runs `act`, resolving with its message and how long it took. */
async function timed(act: () => Promise<BotMessage>): Promise<{ message: BotMessage; ms: number }> {
  const started = Date.now();
  const message = await act();
  return { message, ms: Date.now() - started };
}

it(
  "waits out one early 429 once; every later step answers as fast as another person's same step",
  () =>
    withCrashWorld({}, async (w) => {
      const gil = new Person(w.emulator, 5601, "Gil");
      const hal = new Person(w.emulator, 5602, "Hal");
      const plan = btcToEth("0.16");
      /** Each later step of Gil's, and Hal's same step taken beside it (ms). */
      const timings: { step: string; gil: number; hal: number }[] = [];
      /** Gil's and Hal's next step at once, timed each. */
      const sideBySide = async (step: string, gilAct: () => Promise<BotMessage>, halAct: () => Promise<BotMessage>) => {
        const [g, h] = await Promise.all([timed(gilAct), timed(halAct)]);
        timings.push({ step, gil: g.ms, hal: h.ms });
        return [g.message, h.message] as const;
      };

      // Gil's first prompt of the flow meets the 429.
      w.emulator.failNext("sendMessage", { code: 429, retryAfter: RETRY_AFTER_S });
      const first = await timed(() => gil.send("/exchange", PROMPTS.pickFrom, RETRY_AFTER_S * 1000 + 10_000));
      expect(w.emulator.callsOf("sendMessage")[0]?.error?.code, "the 429 was served").toBe(429);
      expect(first.ms, "the 429 was waited out").toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
      const halPickFrom = await hal.send("/exchange", PROMPTS.pickFrom);

      const [gilPickTo, halPickTo] = await sideBySide(
        "coin sent",
        () => gil.press(first.message, `x:c:${plan.from}`, PROMPTS.pickTo),
        () => hal.press(halPickFrom, `x:c:${plan.from}`, PROMPTS.pickTo),
      );
      await sideBySide(
        "coin received",
        () => gil.press(gilPickTo, `x:c:${plan.to}`, PROMPTS.amount),
        () => hal.press(halPickTo, `x:c:${plan.to}`, PROMPTS.amount),
      );
      const [gilQuote, halQuote] = await sideBySide(
        "amount",
        () => gil.send(plan.amount, PROMPTS.quote),
        () => hal.send(plan.amount, PROMPTS.quote),
      );
      await sideBySide(
        "continue",
        () => gil.press(gilQuote, "x:next", PROMPTS.destination),
        () => hal.press(halQuote, "x:next", PROMPTS.destination),
      );
      await sideBySide(
        "destination",
        () => gil.send(plan.destination, PROMPTS.refund),
        () => hal.send(plan.destination, PROMPTS.refund),
      );
      await sideBySide(
        "refund",
        () => gil.send(plan.refund, PROMPTS.card),
        () => hal.send(plan.refund, PROMPTS.card),
      );

      const slow = timings.filter((t) => t.gil - t.hal >= STEP_LIMIT_MS);
      expect(slow, `steps after the 429, Gil's against Hal's (ms): ${JSON.stringify(timings)}`).toEqual([]);
    }),
  90_000,
);
