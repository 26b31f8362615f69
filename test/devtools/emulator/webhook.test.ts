/** Webhook delivery over real HTTP: setWebhook checks, the secret header, retries, 409 on getUpdates. */
import { createServer, type IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { listen } from "../../../src/net/listen.js";
import { rejection, useEmulator } from "./helpers.js";
import { until } from "../../until.js";

interface Received {
  secret: string | undefined;
  body: { update_id: number; message?: { text?: string } };
}

/** A stand-in bot: answers each POST with the next status of `statuses` (200 once they run out). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const header = req.headers["x-telegram-bot-api-secret-token"];
      received.push({
        secret: typeof header === "string" ? header : undefined,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Received["body"],
      });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  const url = await listen(server);
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let closeReceiver: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeReceiver?.();
  closeReceiver = undefined;
});

describe("webhook delivery", () => {
  let target = "";
  const { start, emu, api } = useEmulator({ webhookRoute: (url) => `${target}${new URL(url).pathname}`, webhookRetryDelayMs: 10 });

  it("posts an update answered 200 again when told its answer was lost, the same update with the same id", async () => {
    await start();
    const r = await receiver([]);
    closeReceiver = r.close;
    target = r.url;
    await api().setWebhook("https://bot.example.com/hook");
    const sent = emu().user({ id: 1, first_name: "A" }).sendText("hi");
    await emu().waitFor(() => emu().webhookDeliveries.some((d) => d.status === 200));
    expect(() => emu().postAgain(sent.update_id! + 1)).toThrow(/not delivered by webhook/);
    emu().postAgain(sent.update_id!);
    await emu().waitFor(() => r.received.length === 2);
    expect(r.received[1]!.body).toEqual(r.received[0]!.body);
    await emu().waitFor(() => emu().pendingUpdates() === 0);
  });

  it("refuses an http URL and a secret Telegram would refuse", async () => {
    await start();
    expect((await rejection(api().setWebhook("http://bot.example.com/hook"))).description).toContain("HTTPS URL must be provided");
    expect((await rejection(api().setWebhook("https://bot.example.com/hook", { secret_token: "no spaces" }))).description).toContain(
      "secret token",
    );
    expect((await api().getWebhookInfo()).url).toBe("");
  });

  it("posts each update as JSON with the secret header, retries until 200, and refuses getUpdates meanwhile", async () => {
    await start();
    const r = await receiver([500, 502]);
    closeReceiver = r.close;
    target = r.url;
    await api().setWebhook("https://bot.example.com/hook", { secret_token: "s3cret" });
    const sent = emu().user({ id: 1, first_name: "A" }).sendText("hi");
    await emu().waitFor(() => emu().webhookDeliveries.some((d) => d.status === 200));
    expect(emu().webhookDeliveries.map((d) => [d.update_id, d.status])).toEqual([
      [sent.update_id, 500],
      [sent.update_id, 502],
      [sent.update_id, 200],
    ]);
    expect(r.received.every((x) => x.secret === "s3cret" && x.body.update_id === sent.update_id && x.body.message?.text === "hi")).toBe(
      true,
    );
    expect(emu().pendingUpdates()).toBe(0);
    const info = await api().getWebhookInfo();
    expect(info).toMatchObject({
      url: "https://bot.example.com/hook",
      pending_update_count: 0,
      last_error_message: "Wrong response from the webhook: 502",
    });
    expect((await rejection(api().getUpdates())).error_code).toBe(409);

    // deleteWebhook hands updates back to getUpdates.
    await api().deleteWebhook();
    const later = emu().user({ id: 1 }).sendText("again");
    expect((await api().getUpdates()).map((u) => u.update_id)).toEqual([later.update_id]);
    expect(r.received).toHaveLength(3);
  });
});

describe("webhook delivery over several connections", () => {
  let target = "";
  const { start, emu, api } = useEmulator({ webhookRoute: (url) => `${target}${new URL(url).pathname}`, webhookConnections: 3 });

  /** A stand-in bot that holds every POST until the test releases it, noting what arrived. */
  async function holdingReceiver() {
    const arrived: number[] = [];
    const held = new Map<number, () => void>();
    const server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const id = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Received["body"]).update_id;
        arrived.push(id);
        held.set(id, () => res.writeHead(200).end());
      });
    });
    const url = await listen(server);
    const release = (id: number) => {
      held.get(id)?.();
      held.delete(id);
    };
    const close = () =>
      new Promise<void>((r) => {
        for (const id of [...held.keys()]) release(id);
        server.close(() => r());
      });
    return { url, arrived, held, release, close };
  }

  /** The id of an update the bot receives (a private message always is). */
  const idOf = (id: number | undefined): number => {
    if (id === undefined) throw new Error("the bot does not receive this message");
    return id;
  };

  it("posts up to max connections at once, one per chat at a time and in order", async () => {
    await start();
    const r = await holdingReceiver();
    closeReceiver = r.close;
    target = r.url;
    await api().setWebhook("https://bot.example.com/hook");
    const ann = emu().user({ id: 1, first_name: "Ann" });
    const first = idOf(ann.sendText("one").update_id);
    const second = idOf(ann.sendText("two").update_id);
    const [p2, p3, p4] = [2, 3, 4].map((id) =>
      idOf(
        emu()
          .user({ id, first_name: `P${id}` })
          .sendText("hi").update_id,
      ),
    );

    // Three at once: Ann's first and two other people's; Ann's second waits for her first.
    await until(() => r.held.size === 3);
    expect(r.arrived).toEqual([first, p2, p3]);
    r.release(p2!);
    await until(() => r.arrived.length === 4);
    expect(r.arrived[3]).toBe(p4);
    expect(r.arrived).not.toContain(second);
    r.release(first);
    await until(() => r.arrived.includes(second));
    for (const id of [...r.held.keys()]) r.release(id);
    await emu().waitFor(() => emu().pendingUpdates() === 0);
    expect(new Set(r.arrived)).toEqual(new Set([first, second, p2, p3, p4]));
  });
});
