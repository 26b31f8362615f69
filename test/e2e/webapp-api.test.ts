/**
 * The Mini App's questions (src/webapp/), over HTTP on the bot's own port, as the page asks them:
 * launch data checked (missing, forged, expired, another bot's: 401), a whole exchange through the
 * same engine as the chat (its card and deposit instructions then in the person's chat), the same
 * words, the person's pace limited, bodies capped, the page served with a strict policy, and an
 * exchange whose deposit address no QR code can hold shown without one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sign } from "@tma.js/init-data-node";
import { SAMPLE_ADDRESSES, type SandboxOptions } from "../../src/devtools/sandbox/server.js";
import { freePort } from "../../src/net/listen.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

/** The create of 0.1 BTC to ETH with the sample addresses, at the draft of `session` and as `quote` showed it. */
function btcToEth(session: Record<string, unknown>, quote: Record<string, unknown>) {
  return {
    draftId: session.draftId,
    from: "BTC",
    to: "ETH",
    amount: "0.1",
    destinationAddress: SAMPLE_ADDRESSES.ETH,
    refundAddress: SAMPLE_ADDRESSES.BTC,
    shown: { amountFrom: quote.amountFrom, amountTo: quote.amountTo },
  };
}

describe("the Mini App's questions", () => {
  let h: Harness;
  let base: string;
  const ann = { id: 8101, first_name: "Ann", language_code: "en" };

  async function start(env: Record<string, string> = {}, sandbox: SandboxOptions = {}) {
    const port = await freePort();
    base = `http://127.0.0.1:${String(port)}`;
    h = await startHarness({ env: { PORT: String(port), WEBAPP_URL: `${base}/app/`, POLL_INTERVAL_MS: "3600000", ...env }, sandbox });
    // Ann has started the bot, as opening its Mini App from its button implies.
    await new ChatDriver(h, h.emulator.user(ann)).send("/start", /./);
  }
  afterEach(async () => {
    await h.close();
  });

  /** Launch data as Telegram signs it for this bot (or `token`), `ageSeconds` old. */
  const launchData = (
    user = ann,
    { token = h.emulator.token, ageSeconds = 0, startParam }: { token?: string; ageSeconds?: number; startParam?: string } = {},
  ) => sign({ user, ...(startParam ? { start_param: startParam } : {}) }, token, new Date(Date.now() - ageSeconds * 1000));

  /** Asks `name` with `initData` (null: without any). */
  async function ask(name: string, body: unknown = {}, initData: string | null = launchData()) {
    const res = await fetch(`${base}/app/api/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(initData === null ? {} : { authorization: `tma ${initData}` }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  describe("with the bot's address", () => {
    beforeEach(() => start());

    it("refuses launch data that is missing, forged, expired or another bot's with 401, and reads nothing further", async () => {
      const good = launchData();
      expect((await ask("session", {}, null)).status).toBe(401);
      expect((await ask("session", {}, good.replace("Ann", "Bob"))).status).toBe(401);
      expect((await ask("session", {}, launchData(ann, { ageSeconds: 2 * 3600 }))).status).toBe(401);
      expect((await ask("session", {}, launchData(ann, { token: "999999:ANOTHER-BOT-TOKEN-0123456789abcdef" }))).status).toBe(401);
      expect((await ask("session", {}, "user=%7B%22id%22%3A1%7D")).status).toBe(401);
      expect((await ask("session", {}, good)).status).toBe(200);
      // The page, which knows no person then, shows why in the browser's language.
      expect((await ask("session", {}, null)).body.message).toContain("Open this page from the bot's button in Telegram");
      const russian = await fetch(`${base}/app/api/session`, {
        method: "POST",
        headers: { "accept-language": "de-DE, ru;q=0.8" },
        body: "{}",
      });
      expect(((await russian.json()) as { message: string }).message).toContain("Откройте эту страницу");
      // Nothing a refused request sent reached a log line.
      expect(h.logs.join("")).not.toContain(good.slice(0, 40));
    });

    it("walks a whole exchange with the chat's engine: the card and the deposit instructions arrive in the chat", async () => {
      const session = (await ask("session")).body;
      expect(session).toMatchObject({ lang: "en", firstName: "Ann", paused: null });
      expect(String(session.draftId)).toMatch(/^w8101-/);
      const list = (await ask("coins", { role: "from" })).body.items as Array<Record<string, unknown>>;
      expect(list.slice(0, 2).map((i) => i.code)).toEqual(["BTC", "ETH"]);
      expect(list).toContainEqual({ kind: "ticker", ticker: "USDT", networks: 3 });
      const networks = (await ask("networks", { role: "from", ticker: "USDT" })).body;
      expect((networks.choices as Array<{ network: string }>).map((c) => c.network)).toEqual(["ERC20", "TRC20", "BEP20"]);
      expect(networks.warning).toContain("coins sent on another network are lost");

      // The chat's checks and words: below the minimum, an invalid address, a tag.
      expect((await ask("quote", { from: "BTC", to: "ETH", amount: "0.00001" })).body.error).toContain("The minimum for BTC is");
      const quote = (await ask("quote", { from: "BTC", to: "ETH", amount: "0.1" })).body;
      expect(quote).toMatchObject({ kind: "floating", amountFrom: "0.1" });
      expect((await ask("address", { coin: "ETH", address: "not-an-address" })).body.error).toContain("is not a valid ETH address");
      expect((await ask("address", { coin: "ETH", address: SAMPLE_ADDRESSES.ETH })).body).toEqual({ address: SAMPLE_ADDRESSES.ETH });

      const chat = new ChatDriver(h, h.emulator.user(ann));
      const since = chat.mark();
      const order = btcToEth(session, quote);
      const created = (await ask("create", order)).body;
      const exchange = created.exchange as Record<string, unknown>;
      expect(exchange).toMatchObject({ from: "BTC", to: "ETH", amountFrom: "0.1", status: "waiting_deposit", final: false });
      // The deposit address's QR code, drawn on the server: the page's policy allows data: images only.
      const qr = String(exchange.depositQr);
      expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(qr.split(",")[1] ?? "", "base64").toString("utf8")).toMatch(/^<svg[^>]*viewBox/);
      // A second press creates nothing more.
      expect(((await ask("create", order)).body.exchange as Record<string, unknown>).id).toBe(exchange.id);
      expect(h.sandbox.orders.list()).toHaveLength(1);
      // The chat stays the person's record: the instructions and the order card are there too.
      await chat.waitNew(String(exchange.depositAddress), since);
      await chat.waitNew(`Exchange ${String(exchange.id)}`, since);
      expect((await ask("status", { id: exchange.id })).body.exchange).toMatchObject({ id: exchange.id, status: "waiting_deposit" });
    });

    it("never answers with another person's exchange, nor creates under another person's draft id", async () => {
      const bob = { id: 8102, first_name: "Bob", language_code: "en" };
      await new ChatDriver(h, h.emulator.user(bob)).send("/start", /./);
      const draftId = (await ask("session")).body.draftId;
      const forged = await ask(
        "create",
        { draftId, from: "BTC", to: "ETH", amount: "0.1", destinationAddress: SAMPLE_ADDRESSES.ETH, refundAddress: SAMPLE_ADDRESSES.BTC },
        launchData(bob),
      );
      expect(forged.body.error).toMatch(/bad request: draftId/);
      expect(h.sandbox.orders.list()).toHaveLength(0);
      expect((await ask("status", { id: "anything" }, launchData(bob))).body.error).toContain("I found no exchange of yours");
    });

    it("answers in the person's language, caps a request's body, and serves the page with a strict policy", async () => {
      const ru = { id: 8103, first_name: "Оля", language_code: "ru" };
      expect((await ask("quote", { from: "BTC", to: "ETH", amount: "abc" }, launchData(ru))).body.error).toContain("Это не число");
      const big = await fetch(`${base}/app/api/quote`, {
        method: "POST",
        headers: { authorization: `tma ${launchData()}`, "content-type": "application/json" },
        body: JSON.stringify({ amount: "1".repeat(20_000) }),
      });
      expect(big.status).toBe(413);
      const page = await fetch(`${base}/app/`);
      expect(page.status).toBe(200);
      const policy = page.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toMatch(/frame-ancestors [^;]*https:\/\/web\.telegram\.org/);
      expect((await fetch(`${base}/app/../package.json`)).status).toBe(404);
      expect(await page.text()).not.toContain(h.emulator.token);
      // The page's modules, under the same policy; nothing else of the folder.
      for (const name of ["app.js", "telegram.js", "qr-uri.js", "element.js", "clipboard.js"]) {
        const module = await fetch(`${base}/app/${name}`);
        expect(module.status, name).toBe(200);
        expect(module.headers.get("content-type"), name).toMatch(/^text\/javascript/);
        expect(module.headers.get("content-security-policy"), name).toBe(policy);
      }
      expect((await fetch(`${base}/app/qr-uri.d.ts`)).status).toBe(404);
    });

    it("offers the Mini App under /start and as the chat's menu button", async () => {
      const chat = new ChatDriver(h, h.emulator.user({ id: 8104, first_name: "Dee", language_code: "en" }));
      const greeting = await chat.send("/start", "Hi");
      expect(greeting.buttons().find((b) => b.web_app !== undefined)?.web_app).toEqual({ url: `${base}/app/` });
      const pick = await chat.send("/exchange", "Which coin do you send?");
      expect(pick.buttons().some((b) => b.web_app?.url === `${base}/app/`)).toBe(true);
      const menu = h.emulator.calls.filter((c) => c.method === "setChatMenuButton").at(-1);
      expect(menu?.params.menu_button).toMatchObject({ type: "web_app", web_app: { url: `${base}/app/` } });
    });
  });

  it("limits a person's pace as in the chat: past the budget, 429 with the chat's words", async () => {
    await start({ PERSON_UPDATES_PER_MINUTE: "5" });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await ask("coins", { role: "from" })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses[0]).toBe(200);
    const refused = await ask("coins", { role: "from" });
    expect(refused.body.error).toContain("faster than I can answer");
  });

  it("shows an exchange whose deposit address no QR code can hold without the code, on the first press and on a retry", async () => {
    // 2,400 characters: past the 2,331 bytes of the largest QR code at the page's error correction.
    await start({}, { depositAddressLength: 2400 });
    const session = (await ask("session")).body;
    const quote = (await ask("quote", { from: "BTC", to: "ETH", amount: "0.1" })).body;
    const order = btcToEth(session, quote);
    const created = await ask("create", order);
    expect(created.status).toBe(200);
    const exchange = created.body.exchange as Record<string, unknown>;
    expect(exchange).toMatchObject({ from: "BTC", to: "ETH", amountFrom: "0.1", status: "waiting_deposit" });
    // The address the service gave, whole, to copy; no code drawn of it.
    expect(exchange.depositAddress).toBe(h.sandbox.orders.list()[0]?.depositAddress);
    expect(String(exchange.depositAddress)).toHaveLength(2400);
    expect(exchange).not.toHaveProperty("depositQr");
    // Confirm pressed again (as after an error) finds the same exchange and shows it the same way.
    const again = await ask("create", order);
    expect(again.status).toBe(200);
    expect(again.body.exchange).toEqual(exchange);
    expect(h.sandbox.orders.list()).toHaveLength(1);
  });
});
