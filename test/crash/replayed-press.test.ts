/**
 * A button press the inbox replays after a kill: the person is served, and never told "Something
 * went wrong". Measured before the fix: the replayed Confirm's answerCallbackQuery failed with
 * Telegram's 400 "query is too old" (the press had been answered before the kill, and its answer
 * window was long over), the whole update failed ("update failed" at level 50), the error handler
 * answered the same press a second time (another 400), and the person got "Something went wrong on
 * my side" right after the right message.
 */
import { describe, expect, it } from "vitest";
import { CREATE_IN_DOUBT, DEPOSIT_INTRO, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { textCall, withCrashWorld, type CrashWorld } from "./world.js";

/** The bot's apology for a failed update (locales/en.ftl, error-generic). */
const SOMETHING_WENT_WRONG = /Something went wrong/;

/**
 * The ways a kill lands after Confirm was pressed, each arming its kill point, and whether the
 * restarted bot must replay the press: the flow records a press as taken (its update id) before it
 * asks the service to create, so a kill after that leaves nothing to replay, and the in-doubt or
 * owed-instructions path answers instead; a kill between the press's answer and that record
 * leaves the press answered and untaken, so it is replayed.
 */
const KILLS = {
  "once its answer reached Telegram, before the flow took it": {
    arm: (w: CrashWorld) => w.killOnApiCall((call) => call.ok && call.method === "answerCallbackQuery").fired,
    replays: true,
  },
  "while exchange-create is in flight": {
    arm: (w: CrashWorld) => w.killOnPartnerRequest("exchange-create", "answered").fired,
    replays: false,
  },
  "after the exchange was stored, before the instructions went out": {
    arm: (w: CrashWorld, chatId: number) => w.killOnApiCall(textCall("sendMessage", DEPOSIT_INTRO, chatId)).fired,
    replays: false,
  },
} as const;

describe.concurrent("a Confirm press replayed after a kill", () => {
  for (const [n, [when, { arm, replays }]] of Object.entries(KILLS).entries()) {
    it(
      `${when}: is handled without an apology, a failed update or a second answer`,
      ({ expect }) =>
        withCrashWorld({}, async (w) => {
          const eve = new Person(w.emulator, 5700 + n, "Eve");
          const card = await eve.toCard(btcToEth(`0.1${n}`));
          const killed = arm(w, eve.id);
          const pressId = eve.user.pressButton(card, "x:c:confirm").callback_query_id;
          await killed;
          const since = eve.mark();
          const answersBefore = answersTo(w, pressId).length;
          // Resolves once the bot polls again: the replay of what the killed one left is over by then.
          await w.restartAfterKill();

          await w.emulator.waitFor(
            () =>
              eve
                .messages()
                .slice(since)
                .find((m) => CREATE_IN_DOUBT.test(m.plain) || DEPOSIT_INTRO.test(m.plain)),
            TIMING.owedMessageMs,
          );
          if (replays) {
            const replayed = w.bot.currentLogs().find((l) => l.json?.msg === "updates: the last process's unfinished updates are done");
            expect(replayed?.json?.replayed, "the press was replayed").toBeGreaterThan(0);
          }
          expect(
            eve
              .messages()
              .slice(since)
              .map((m) => m.plain)
              .filter((text) => SOMETHING_WENT_WRONG.test(text)),
          ).toEqual([]);
          expect(w.bot.currentLogs().filter((l) => l.json?.msg === "update failed")).toEqual([]);
          // Answered before the kill, and long past its window after the restart: not answered again.
          expect(answersTo(w, pressId).slice(answersBefore)).toEqual([]);
        }),
      90_000,
    );
  }
});

/** The bot's answerCallbackQuery calls for one press, failed ones included. */
function answersTo(w: CrashWorld, pressId: string | undefined) {
  expect(pressId, "a press has a callback query id").toBeDefined();
  return w.emulator.callsOf("answerCallbackQuery").filter((c) => c.params.callback_query_id === pressId);
}
