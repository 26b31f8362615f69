/**
 * A kill during exchange-create: while the request is in flight and the service never handles it
 * (no order), and after the service created the order and answered (the bot never read it). After the restart the person gets a message
 * (never silence), support is alerted with the draft's details, and the order is never created a
 * second time. Measured before the fix: the person saw only "Creating your exchange…" forever,
 * and an order the bot did not know stayed at the partner.
 */
import { describe, it } from "vitest";
import { CREATE_IN_DOUBT, DEPOSIT_INTRO, isSupportAlertFor, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { withCrashWorld } from "./world.js";

// The two cases run side by side (each has its own emulator, sandbox and bot): most of their time
// is spent waiting.
describe.concurrent("a kill during exchange-create", () => {
  for (const phase of ["received", "answered"] as const) {
    const when = phase === "received" ? "with the request never handled (no order)" : "after the order was created";
    it(
      `${when}: the person is told after the restart, support is alerted, and nothing is created twice`,
      ({ expect }) =>
        withCrashWorld({}, async (w) => {
          const cy = new Person(w.emulator, phase === "received" ? 5301 : 5302, "Cy");
          const plan = btcToEth(phase === "received" ? "0.11" : "0.12");
          const card = await cy.toCard(plan);

          // "received": the request is held unanswered and unhandled, so no order ever exists.
          if (phase === "received") w.sandbox.faults.inject({ endpoint: "exchange-create", kind: "timeout", times: 1 });
          const kill = w.killOnPartnerRequest("exchange-create", phase);
          cy.user.pressButton(card, "x:c:confirm");
          await kill.fired;
          const since = cy.mark();
          const supportSince = w.supportMessages().length;
          await w.restartAfterKill();

          // Without touching anything, the person hears from the bot.
          const told = await w.emulator
            .waitFor(
              () =>
                cy
                  .messages()
                  .slice(since)
                  .find((m) => CREATE_IN_DOUBT.test(m.plain) || DEPOSIT_INTRO.test(m.plain)),
              TIMING.owedMessageMs,
            )
            .catch(() => undefined);
          expect
            .soft(
              told?.plain,
              `silence after the restart; the person's last messages: ${JSON.stringify(
                cy
                  .messages()
                  .slice(-2)
                  .map((m) => m.plain),
              )}`,
            )
            .toBeDefined();

          const alert = await w.emulator
            .waitFor(
              () =>
                w
                  .supportMessages()
                  .slice(supportSince)
                  .find((m) => isSupportAlertFor(m, cy, plan)),
              2_000,
            )
            .catch(() => undefined);
          expect
            .soft(alert?.plain, `no alert to support; support saw: ${JSON.stringify(w.supportMessages().map((m) => m.plain))}`)
            .toBeDefined();

          // Whatever the person does next (the card's Confirm, if it is still there), no second order.
          const stillThere = cy.user.chat.byId(card.message_id);
          if (stillThere?.buttons().some((b) => b.callback_data === "x:c:confirm")) {
            cy.user.pressButton(stillThere, "x:c:confirm");
            await cy.think(3_000);
          }
          // Never two orders. Where the first request was never handled, one more attempt could
          // not double anything; after an order was created, no second request at all.
          expect(w.sandbox.orders.list().length).toBeLessThanOrEqual(1);
          expect(w.sandbox.requests.count("exchange-create")).toBeLessThanOrEqual(phase === "received" ? 2 : 1);
        }),
      90_000,
    );
  }
});
