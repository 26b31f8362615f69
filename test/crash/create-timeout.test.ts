/**
 * A create that times out may have happened: the service answers after the bot's 10 s time limit
 * (the order exists). Whatever the person presses next (Retry, Confirm), the bot never sends a
 * second exchange-create for that draft. Measured before the fix: Retry created a second order,
 * one of the two unknown to the bot.
 *
 * The partner client's time limit is fixed (10 s, no variable sets it), so the sandbox holds the
 * answer for longer than that with a "delay" fault: the order is created on arrival.
 */
import { flowButtonData } from "../e2e/chat-driver.js";
import { expect, it } from "vitest";
import type { BotMessage } from "../../src/devtools/emulator/server.js";
import { CREATE_IN_DOUBT, isOrderCard, PROMPTS, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { withCrashWorld } from "./world.js";

/** Longer than the partner client's 10 s time limit for one attempt. */
const ANSWER_AFTER_MS = 11_000;

it(
  "never creates a second order after a create that timed out, whatever the person presses",
  () =>
    withCrashWorld({}, async (w) => {
      const fay = new Person(w.emulator, 5501, "Fay");
      const card = await fay.toCard(btcToEth("0.15"));
      w.sandbox.faults.inject({ endpoint: "exchange-create", kind: "delay", ms: ANSWER_AFTER_MS, times: 1 });

      const since = fay.mark();
      fay.user.pressButton(card, "x:c:confirm");
      // The bot gives up after its time limit and says something.
      const answer = await w.emulator
        .waitFor(
          () =>
            fay
              .messages()
              .slice(since)
              .find((m) => !PROMPTS.creating.test(m.plain)),
          ANSWER_AFTER_MS + TIMING.replyMs,
        )
        .catch(() => undefined);
      expect(answer, "no answer after the create timed out").toBeDefined();
      expect(w.sandbox.orders.list(), "the service created the order on arrival").toHaveLength(1);

      // The person does what the chat offers: Retry, then Confirm on a new card (at most twice each).
      for (let round = 0; round < 2; round++) {
        const offered = fay
          .messages()
          .slice(since)
          .reverse()
          .find((m) => m.buttons().some((b) => /^x:[a-z]:(retry|confirm)$/.test(b.callback_data ?? "")));
        if (!offered) break;
        const data = offered.buttons().some((b) => /^x:[a-z]:retry$/.test(b.callback_data ?? ""))
          ? flowButtonData(offered, "x:retry")
          : "x:c:confirm";
        const before = fay.mark();
        fay.user.pressButton(offered, data);
        await fay.repliesSince(before, TIMING.replyMs);
      }

      expect(w.sandbox.orders.list(), "orders at the partner").toHaveLength(1);
      expect(w.sandbox.requests.count("exchange-create"), "exchange-create requests").toBe(1);
      // The person was told the truth: it may exist; support will confirm (or the instructions came).
      const told = fay
        .messages()
        .slice(since)
        .some((m: BotMessage) => CREATE_IN_DOUBT.test(m.plain) || isOrderCard(m));
      expect(
        told,
        `what the person saw: ${JSON.stringify(
          fay
            .messages()
            .slice(since)
            .map((m) => m.plain),
        )}`,
      ).toBe(true);
    }),
  90_000,
);
