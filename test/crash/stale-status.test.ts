/**
 * A slow, stale status answer: the poller asks while the order is "sending", the answer is held on
 * the way back; meanwhile the order completes and the person's /status records "success" and tells
 * them. The late answer must be dropped: the status never moves backwards, and there is never a
 * second success notice. Measured before the fix: recordStatus accepted any answer, the card went
 * back to "Sending your coins", and the next poll announced the success a second time.
 */
import { expect, it } from "vitest";
import { HAPPY_PATH } from "../../src/devtools/sandbox/orders.js";
import { CARD_STATUS_ORDER, cardStatus, isOrderCard, NOTICES, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { withCrashWorld } from "./world.js";

/** How long the stale answer is held: longer than /status takes to record and announce. */
const HELD_MS = 3_000;
/** How long the poll after it is held: longer than the old store's one-second write. */
const NEXT_POLL_HELD_MS = 2_500;

/** Whether a sequence of positions never decreases; unknown entries (-1) are ignored. */
function neverBackwards(positions: number[]): boolean {
  const known = positions.filter((p) => p >= 0);
  return known.every((p, i) => i === 0 || p >= known[i - 1]!);
}

it(
  "drops a status answer older than the stored one: no step backwards, no second success notice",
  () =>
    withCrashWorld({}, async (w) => {
      const hal = new Person(w.emulator, 5701, "Hal");
      const card = await hal.toCard(btcToEth("0.17"));
      await hal.confirm(card);
      const id = w.sandbox.orders.list()[0]!.id;

      // To "sending", seen by the bot (its live card says so).
      w.sandbox.orders.deposit(id);
      w.sandbox.orders.advance(id);
      w.sandbox.orders.advance(id);
      await w.emulator.waitFor(
        () => hal.messages().some((m) => isOrderCard(m) && m.plain.includes(id) && cardStatus(m.plain) === "Sending your coins"),
        TIMING.replyMs,
      );

      // The poller's next status request reads "sending" and its answer is held; the order then completes.
      w.sandbox.faults.inject({ endpoint: "exchange-status", kind: "delay", ms: HELD_MS, times: 1 });
      let staleHeld!: () => void;
      const heldNow = new Promise<void>((resolve) => (staleHeld = resolve));
      let staleAnswered!: () => void;
      const staleDone = new Promise<void>((resolve) => (staleAnswered = resolve));
      let held: unknown;
      let personAnswered = false;
      const remove = w.sandbox.onRequest((event) => {
        if (event.request.endpoint !== "exchange-status") return;
        if (held === undefined && event.phase === "received") {
          held = event.request;
          // Right after the sandbox has read the status for this answer ("sending"), not before.
          setImmediate(() => {
            w.sandbox.orders.advance(id);
            staleHeld();
          });
        } else if (event.request !== held && event.phase === "answered" && !personAnswered) {
          // The person's /status has its fresh answer. The poll after the stale answer is slowed
          // too, so that a bot which records the stale answer shows it (card, notices) before the
          // truth comes back: the symptoms are then visible every run, not only on a lucky one.
          personAnswered = true;
          w.sandbox.faults.inject({ endpoint: "exchange-status", kind: "delay", ms: NEXT_POLL_HELD_MS, times: 1 });
        } else if (event.request === held && event.phase === "answered") {
          remove();
          staleAnswered();
        }
      });
      await heldNow;
      expect(w.sandbox.orders.get(id)?.status).toBe("success");

      // The person asks now and hears of the success.
      // (The tracker checks one exchange at a time, so /status may wait for the held poll first.)
      await hal.send(`/status ${id}`, NOTICES.success, HELD_MS + TIMING.replyMs);
      await staleDone;
      // A few poll cycles after the stale answer: a backwards step and a second notice would be out.
      await hal.think(NEXT_POLL_HELD_MS + TIMING.duplicateWatchMs);

      const notices = hal.noticesAbout(id, NOTICES.success);
      expect
        .soft(
          notices.map((m) => m.plain),
          "success notices",
        )
        .toHaveLength(1);
      const cards = hal.messages().filter((m) => isOrderCard(m) && m.plain.includes(id));
      const order = CARD_STATUS_ORDER as readonly string[];
      for (const c of cards) {
        const shown = [...c.history, c.plain].map((text) => order.indexOf(cardStatus(text) ?? ""));
        expect.soft(neverBackwards(shown), `a card went backwards: ${JSON.stringify([...c.history, c.plain].map(cardStatus))}`).toBe(true);
      }

      // And in the data file, after a clean stop.
      await w.bot.stop();
      const stored = (await w.storedExchanges()).find((e) => e.id === id);
      const path = HAPPY_PATH as readonly string[];
      const history = stored?.statusHistory.map((h) => h.status) ?? [];
      expect(neverBackwards(history.map((s) => path.indexOf(s))), `stored history: ${JSON.stringify(history)}`).toBe(true);
      expect(stored?.status).toBe("success");
    }),
  90_000,
);
