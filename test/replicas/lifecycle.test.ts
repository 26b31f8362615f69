/**
 * Two replicas of the bot (child processes, webhook mode) behind a round-robin balancer, sharing
 * one real PostgreSQL: a person's updates reach either replica, each status change is told once,
 * and when a replica is killed (SIGKILL) mid-lifecycle the other takes over its part at once: the
 * leader's jobs, and the exchanges it was checking (their claims went with its database session).
 */
import { afterEach, expect, it } from "vitest";
import { DEPOSIT_INTRO, NOTICES, TIMING } from "../crash/expectations.js";
import { btcToEth, Person } from "../crash/person.js";
import { killDuringCheck, startReplicaWorld, type ReplicaWorld } from "./world.js";

let world: ReplicaWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Waits until `person` has at least one notice about `id` matching `pattern`. */
async function told(w: ReplicaWorld, person: Person, id: string, pattern: RegExp, timeoutMs: number = TIMING.outboxDeliveryMs) {
  await w.emulator.waitFor(() => person.noticesAbout(id, pattern).length > 0, timeoutMs);
}

it("walks a whole exchange across two replicas, every milestone told once, and survives losing one", async () => {
  const w = (world = await startReplicaWorld({ replicas: 2 }));
  const ana = new Person(w.emulator, 6101, "Ana");
  const card = await ana.toCard(btcToEth("0.1"));
  await ana.confirm(card);
  // The balancer sent the person's updates to both replicas.
  expect(w.replicas.every((r) => r.delivered > 0)).toBe(true);
  const order = w.sandbox.orders.list()[0]!;
  expect(w.sandbox.orders.list()).toHaveLength(1);

  w.sandbox.orders.deposit(order.id);
  await told(w, ana, order.id, NOTICES.deposit_received);

  // One replica dies without warning; the other goes on alone. 300 ms after the person saw the
  // notice, as in test/crash/notices.test.ts: the sender has Telegram's answer and its mark by
  // then. A kill before it reads that answer cannot be told from a lost message by any bot, and
  // the next leader sends again (measured: one fresh-clone run killed within that window).
  await ana.think(300);
  const [first, second] = w.replicas;
  first!.bot.kill();
  await first!.bot.waitExit();
  for (let i = 0; i < 3; i++) w.sandbox.orders.advance(order.id);
  await told(w, ana, order.id, NOTICES.success);
  expect(second!.bot.running).toBe(true);

  // Both replicas polled; a duplicate would have come within a few poll intervals.
  await ana.think(TIMING.duplicateWatchMs);
  expect(ana.noticesAbout(order.id, NOTICES.deposit_received)).toHaveLength(1);
  expect(ana.noticesAbout(order.id, NOTICES.success)).toHaveLength(1);
  // The person can still talk to the bot: the balancer routes to the replica alive.
  const since = ana.mark();
  ana.user.sendText(`/status ${order.id}`);
  await ana.waitNew("Completed", since);
}, 120_000);

it("lets 50 people exchange at once through two replicas with no flow lost or doubled", async () => {
  const w = (world = await startReplicaWorld({ replicas: 2 }));
  // Fifty people write at once: a person's next answer comes after the others' updates, so one
  // step's wait may take most of the test's time, not the seconds of one person alone.
  const people = Array.from({ length: 50 }, (_, i) => new Person(w.emulator, 6200 + i, `P${i}`, { thinkMs: 50, waitMs: 250_000 }));
  await Promise.all(
    people.map(async (p) => {
      const card = await p.toCard(btcToEth("0.1"));
      await p.confirm(card);
    }),
  );
  const orders = w.sandbox.orders.list();
  // One order per person: no flow ran twice in parallel, none was lost.
  expect(orders).toHaveLength(50);
  expect(new Set(orders.map((o) => o.depositAddress)).size).toBe(50);
  for (const p of people) expect(p.messages().filter((m) => DEPOSIT_INTRO.test(m.plain))).toHaveLength(1);
}, 300_000);

it("finishes the exchanges a killed replica was checking at once, long before their lease ends", async () => {
  // Shorter than the longest status check (allowed, with a warning), and longer than the waits
  // below: a survivor that waited for the lease would fail the test.
  const leaseMs = 30_000;
  const w = (world = await startReplicaWorld({ replicas: 2, env: { POLL_LEASE_MS: String(leaseMs) } }));
  const people = [6301, 6302, 6303, 6304].map((id, i) => new Person(w.emulator, id, `K${i}`, { thinkMs: 50 }));
  for (const p of people) await p.confirm(await p.toCard(btcToEth("0.1")));
  const orders = w.sandbox.orders.list();
  expect(orders).toHaveLength(4);
  const personOf = (id: string) => people[orders.findIndex((o) => o.id === id)]!;

  // Every deposit arrives, and a replica dies in the middle of a check of an exchange it claimed.
  for (const o of orders) w.sandbox.orders.deposit(o.id);
  const { victim, held, killedAt } = await killDuringCheck(w);
  const survivor = w.replicas.find((r) => r !== victim)!;

  // The survivor tells every person, those whose exchange the dead replica held included.
  for (const o of orders) await told(w, personOf(o.id), o.id, NOTICES.deposit_received, 20_000);
  expect(survivor.bot.running).toBe(true);
  // A lease shorter than the longest status check is allowed, and said at start-up.
  expect(survivor.bot.logs.some((l) => /POLL_LEASE_MS is shorter than the longest status check/.test(String(l.json?.msg)))).toBe(true);
  // The dead replica's claims were checked again after the kill, long before their lease ended.
  const asked = w.sandbox.requests.list().filter((r) => r.endpoint === "exchange-status");
  for (const h of held) {
    expect(
      asked.some((r) => r.params.id === h.id && r.at > killedAt && r.at < h.lease_until.getTime() - 10_000),
      h.id,
    ).toBe(true);
  }
  await people[0]!.think(TIMING.duplicateWatchMs);
  for (const o of orders) expect(personOf(o.id).noticesAbout(o.id, NOTICES.deposit_received)).toHaveLength(1);
}, 120_000);
