/**
 * The playground's side of the Mini App (src/devtools/playground/mini-app.ts), without a browser:
 * the system started as `npm start` starts it in sandbox mode, asked over HTTP as the host page
 * asks. Launch data signed for a playground person is what the bot's own check accepts; the
 * bot's Mini App address only; the scanner stand-in offers the coin its prompt names; a web_app
 * button reaches the page as one; the page may frame the Mini App and nothing else; the pages
 * import the Mini App's own modules (elements, the clipboard) rather than copies.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { loadDevConfig, startDevSystem, type DevSystem } from "../../src/devtools/system.js";
import { PLAYGROUND_USER } from "../../src/devtools/playground/server.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { playgroundDriver } from "./playground-driver.js";

interface Offer {
  title: string;
  text: string;
  qr: string;
}

describe("the playground as the Mini App's client", () => {
  let system: DevSystem;
  let dataDir: string;
  let base: string;
  let appUrl: string;
  let info: { url: string; menu: { text: string; url: string } | null };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-webapp-host-"));
    const env = { DATA_DIR: dataDir, SANDBOX_PORT: "0", LOG_LEVEL: "silent" };
    system = await startDevSystem(loadDevConfig(env), createLogger({ level: "silent", secrets: [] }));
    base = `${system.playground!.url}/playground/api`;
    // The bot's Mini App address, as the page learns it; the menu button is set at start-up.
    await system.emulator!.waitFor(() => system.emulator!.callsOf("setChatMenuButton").length > 0);
    info = (await (await fetch(`${base}/mini-app`)).json()) as typeof info;
    appUrl = info.url;
  });
  afterAll(async () => {
    await system.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown) => playgroundDriver(system).post(path, body);

  it("names the bot's Mini App and its menu button, and lets the page frame that address only", async () => {
    expect(appUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\/$/);
    expect(info.menu).toEqual({ text: "Exchange", url: appUrl });
    const policy = (await fetch(system.playground!.url)).headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`frame-src ${new URL(appUrl).origin}`);
    expect(policy).toContain("default-src 'self'");
  });

  it("signs launch data for a playground person that the bot's own check accepts, for the bot's address only", async () => {
    const launched = await post("mini-app/launch", { user: PLAYGROUND_USER.id, url: appUrl });
    expect(launched.status).toBe(200);
    const initData = String(launched.body.initData);
    const session = await fetch(new URL("api/session", appUrl), {
      method: "POST",
      headers: { authorization: `tma ${initData}` },
      body: "{}",
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ firstName: PLAYGROUND_USER.first_name, lang: "en" });
    // Another page never gets a signature; nor does someone the playground does not have.
    expect((await post("mini-app/launch", { user: PLAYGROUND_USER.id, url: "https://example.com/app/" })).status).toBe(400);
    expect((await post("mini-app/launch", { user: 4242, url: appUrl })).status).toBe(400);
    expect((await post("mini-app/launch", { url: appUrl })).status).toBe(400);
  });

  it("offers the scanner the coin its prompt names: a payment request with an amount, and the plain address", async () => {
    const scan = async (text: string) => ((await post("mini-app/scan", { text })).body.offers ?? []) as Offer[];
    const btc = await scan("Point the camera at the address's QR code: BTC");
    expect(btc.map((o) => o.text)).toEqual([`bitcoin:${SAMPLE_ADDRESSES.BTC}?amount=0.1&label=Playground`, SAMPLE_ADDRESSES.BTC]);
    for (const offer of btc) expect(offer.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // The longest label named wins: "USDT · TRC20", not another coin's shorter one.
    expect((await scan("…: USDT · TRC20")).map((o) => o.text)).toEqual([SAMPLE_ADDRESSES.USDTTRC20]);
    // A prompt that names no coin: every sample coin's plain address.
    const all = await scan("");
    expect(all.length).toBeGreaterThan(10);
    expect(all.map((o) => o.text)).toContain(SAMPLE_ADDRESSES.ETH);
  });

  it("shows a web_app button as one the page can open", async () => {
    system.emulator!.user({ ...PLAYGROUND_USER, language_code: "en" }).sendText("/start");
    await system.emulator!.waitFor(() =>
      system
        .emulator!.chat(PLAYGROUND_USER.id)
        .messages()
        .some((m) => m.plain.includes("Hi, Alice")),
    );
    const chat = (await (await fetch(`${base}/chat/${PLAYGROUND_USER.id}`)).json()) as {
      messages: { buttons: { kind: string; url?: string }[][] }[];
    };
    const buttons = chat.messages.flatMap((m) => m.buttons.flat());
    expect(buttons).toContainEqual(expect.objectContaining({ kind: "web_app", url: appUrl }));
  });

  it("serves its pages the Mini App's shared modules: the same files, under the playground's own policy", async () => {
    const policy = (await fetch(system.playground!.url)).headers.get("content-security-policy");
    for (const name of ["element.js", "clipboard.js"]) {
      const shared = await fetch(`${system.playground!.url}/${name}`);
      expect(shared.status, name).toBe(200);
      expect(shared.headers.get("content-type"), name).toMatch(/^text\/javascript/);
      expect(shared.headers.get("content-security-policy"), name).toBe(policy);
      expect(shared.headers.get("x-content-type-options"), name).toBe("nosniff");
      const mini = await fetch(new URL(name, appUrl));
      expect(mini.status, name).toBe(200);
      expect(await shared.text(), name).toBe(await mini.text());
    }
    // The pages import them rather than keep copies of their own.
    const sources = Object.fromEntries(
      await Promise.all(
        ["app.js", "mini-app-host.js"].map(
          async (script) => [script, await (await fetch(`${system.playground!.url}/${script}`)).text()] as const,
        ),
      ),
    );
    expect(sources["app.js"]).toContain('import { copyToClipboard } from "./clipboard.js";');
    for (const [script, source] of Object.entries(sources)) {
      expect(source, script).toContain('import { h } from "./element.js";');
      expect(source, script).not.toMatch(/function h\(|navigator\.clipboard/);
    }
  });
});
