/**
 * One 429 with retry_after early in the flow is waited out once; the steps after it answer at
 * their usual speed. Measured before the fix: auto-retry sat above the conversation's replay
 * layer, so the recorded retry_after was slept again on every replay, and every later answer took
 * about retry_after seconds for the rest of the flow.
 */
import { expect, it } from "vitest";
import type { BotMessage } from "../../src/devtools/emulator/server.js";
import { PROMPTS } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { withCrashWorld } from "./world.js";

const RETRY_AFTER_S = 3;
/** "Well under retry_after": a step slept again would take at least the whole of it. */
const STEP_LIMIT_MS = (RETRY_AFTER_S * 1000) / 2;

it(
  "waits out one early 429 once; every later step answers well under its retry_after",
  () =>
    withCrashWorld({}, async (w) => {
      const gil = new Person(w.emulator, 5601, "Gil");
      const plan = btcToEth("0.16");
      const timings: { step: string; ms: number }[] = [];
      const timed = async (step: string, act: () => Promise<BotMessage>): Promise<BotMessage> => {
        const started = Date.now();
        const message = await act();
        timings.push({ step, ms: Date.now() - started });
        return message;
      };

      // The first prompt of the flow meets the 429.
      w.emulator.failNext("sendMessage", { code: 429, retryAfter: RETRY_AFTER_S });
      const pickFrom = await timed("/exchange (meets the 429)", () =>
        gil.send("/exchange", PROMPTS.pickFrom, RETRY_AFTER_S * 1000 + 10_000),
      );
      expect(w.emulator.callsOf("sendMessage")[0]?.error?.code, "the 429 was served").toBe(429);

      const limit = 10_000;
      const pickTo = await timed("coin sent", () => gil.press(pickFrom, `x:c:${plan.from}`, PROMPTS.pickTo, limit));
      await timed("coin received", () => gil.press(pickTo, `x:c:${plan.to}`, PROMPTS.amount, limit));
      const quote = await timed("amount", () => gil.send(plan.amount, PROMPTS.quote, limit));
      await timed("continue", () => gil.press(quote, "x:next", PROMPTS.destination, limit));
      await timed("destination", () => gil.send(plan.destination, PROMPTS.refund, limit));
      await timed("refund", () => gil.send(plan.refund, PROMPTS.card, limit));

      const later = timings.slice(1);
      const slow = later.filter((t) => t.ms >= STEP_LIMIT_MS);
      expect(slow, `steps after the 429 (ms): ${JSON.stringify(later)}`).toEqual([]);
    }),
  90_000,
);
