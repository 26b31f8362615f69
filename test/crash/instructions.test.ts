/**
 * Deposit instructions are delivered at least once, and not repeated once delivered: after a kill
 * between "exchange stored" and "instructions sent", and after Telegram failed for longer than its
 * retries right after the exchange was created. Measured before the fix: nothing sent them again,
 * so the person had an exchange they could not pay into.
 */
import { describe, it } from "vitest";
import type { BotMessage } from "../../src/devtools/emulator/server.js";
import { TELEGRAM_RETRY_DEFAULTS } from "../../src/bot/telegram-fetch.js";
import { DEPOSIT_INTRO, isDepositInstruction, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { textCall, withCrashWorld, type CrashWorld } from "./world.js";

/** Sending methods that fail during a Telegram outage (getUpdates keeps working). */
const SENDING_METHODS = ["sendMessage", "sendPhoto", "editMessageText", "editMessageReplyMarkup", "answerCallbackQuery"] as const;

/**
 * The bot's retries of one call span this long (bot/telegram-fetch.ts: the back-off doubles after
 * each try but the last). Before the fix they were auto-retry's, 3 retries after 3, 6 and 12 s.
 */
const RETRY_SPAN_MS = TELEGRAM_RETRY_DEFAULTS.backoffMs * (2 ** (TELEGRAM_RETRY_DEFAULTS.maxAttempts - 1) - 1);

/**
 * Twice the retries' span and a second more, so the instructions' first send fails with every try
 * (an outage as long as the retries used to end in a lost message). Longer only made the test
 * wait: the old 22 s outage (the old retries' 21 s) cost the run 14 s more for the same proof.
 */
const OUTAGE_MS = 2 * RETRY_SPAN_MS + 1_000;

/** Messages that carry `address` for paying in, the order card aside. */
function instructions(person: Person, address: string): BotMessage[] {
  return person.messages().filter((m) => isDepositInstruction(m, address));
}

/** Waits for the instructions (or gives up after `timeoutMs`), then watches for a second copy. */
async function deliveredCopies(w: CrashWorld, person: Person, address: string, timeoutMs: number): Promise<number> {
  await w.emulator.waitFor(() => instructions(person, address).length > 0, timeoutMs).catch(() => undefined);
  if (instructions(person, address).length > 0) await person.think(TIMING.duplicateWatchMs);
  return instructions(person, address).length;
}

describe.concurrent("deposit instructions", () => {
  it(
    "arrive once after a kill between the exchange being stored and the instructions being sent",
    ({ expect }) =>
      withCrashWorld({}, async (w) => {
        const di = new Person(w.emulator, 5401, "Di");
        const card = await di.toCard(btcToEth("0.13"));
        // The intro is the first message of the instructions; the exchange is stored before it.
        const kill = w.killOnApiCall(textCall("sendMessage", DEPOSIT_INTRO, di.id));
        di.user.pressButton(card, "x:c:confirm");
        await kill.fired;
        const order = w.sandbox.orders.list()[0]!;
        expect(instructions(di, order.depositAddress), "the kill came before the address was sent").toHaveLength(0);
        await w.restartAfterKill();

        expect(await deliveredCopies(w, di, order.depositAddress, TIMING.owedMessageMs), "messages with the deposit address").toBe(1);
        expect(w.sandbox.orders.list()).toHaveLength(1);
      }),
    90_000,
  );

  it(
    "arrive once after Telegram failed for longer than its retries right after the exchange was created",
    ({ expect }) =>
      withCrashWorld({}, async (w) => {
        const ed = new Person(w.emulator, 5402, "Ed");
        const card = await ed.toCard(btcToEth("0.14"));
        let endOutage!: () => void;
        const outageOver = new Promise<void>((resolve) => (endOutage = resolve));
        let outage: NodeJS.Timeout | undefined;
        // The outage starts the moment the service has answered exchange-create.
        const remove = w.sandbox.onRequest((event) => {
          if (event.phase !== "answered" || event.request.endpoint !== "exchange-create") return;
          remove();
          for (const method of SENDING_METHODS) w.emulator.failNext(method, { code: 500, description: "Internal Server Error" }, 10_000);
          outage = setTimeout(() => {
            for (const method of SENDING_METHODS) w.emulator.clearFaults(method);
            endOutage();
          }, OUTAGE_MS);
        });
        try {
          ed.user.pressButton(card, "x:c:confirm");
          await outageOver;
          // The instructions' first send failed with every one of its tries.
          const failedSends = w.emulator.calls.filter((c) => !c.ok && c.method === "sendMessage" && Number(c.params.chat_id) === ed.id);
          expect(failedSends.length).toBeGreaterThanOrEqual(TELEGRAM_RETRY_DEFAULTS.maxAttempts);
          const order = w.sandbox.orders.list()[0]!;
          expect(await deliveredCopies(w, ed, order.depositAddress, TIMING.outboxDeliveryMs), "messages with the deposit address").toBe(1);
          expect(w.sandbox.orders.list()).toHaveLength(1);
        } finally {
          remove();
          clearTimeout(outage);
        }
      }),
    120_000,
  );
});
