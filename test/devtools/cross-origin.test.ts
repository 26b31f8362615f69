/**
 * The Bot API emulator and the sandbox exchange refuse what a web page can send them (issue 36):
 * a foreign Host (DNS rebinding) or Origin, a browser's request for another page, and on the
 * emulator a state change by GET, the one request an `<img>` makes. The bot (grammY, POST) and the
 * partner client (GET without browser headers) keep working.
 */
import { request } from "node:http";
import { Api } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/devtools/emulator/server.js";
import { SAMPLE_ADDRESSES, startSandbox, type SandboxServer } from "../../src/devtools/sandbox/server.js";
import { createPartnerClient } from "../../src/partner/client.js";

/** A request with exactly these headers (fetch would set Host itself and leave out the others). */
function call(root: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
  const { hostname, port } = new URL(root);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers, setHost: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the Bot API emulator answers programs on this machine, not web pages", () => {
  let emu: Emulator;
  let host: string;
  beforeEach(async () => {
    emu = await startEmulator();
    host = new URL(emu.apiRoot).host;
  });
  afterEach(async () => {
    await emu.close();
  });

  const hook = "https://evil.example/hook";

  it("refuses a state change by GET, as an <img> on any page would send it, and changes nothing", async () => {
    const path = `/bot${emu.token}/setWebhook?url=${encodeURIComponent(hook)}`;
    expect(await call(emu.apiRoot, "GET", path, { host })).toBe(405);
    expect(await call(emu.apiRoot, "GET", `/bot${emu.token}/getUpdates?offset=5`, { host })).toBe(405);
    expect(emu.state.webhook).toBeUndefined();
    // A read by GET is still answered (a person trying the emulator with curl).
    expect(await call(emu.apiRoot, "GET", `/bot${emu.token}/getMe`, { host })).toBe(200);
  });

  it("refuses a cross-origin request, a foreign Host and a browser's request for another page, even by POST", async () => {
    const path = `/bot${emu.token}/setWebhook`;
    const body = JSON.stringify({ url: hook });
    const json = { "content-type": "application/json" };
    expect(await call(emu.apiRoot, "POST", path, { ...json, host, origin: "https://evil.example" }, body)).toBe(403);
    expect(await call(emu.apiRoot, "POST", path, { ...json, host: `evil.example:${new URL(emu.apiRoot).port}` }, body)).toBe(403);
    expect(await call(emu.apiRoot, "POST", path, { ...json, host, "sec-fetch-site": "cross-site" }, body)).toBe(403);
    expect(await call(emu.apiRoot, "GET", `/bot${emu.token}/getMe`, { host, origin: "https://evil.example" })).toBe(403);
    expect(emu.state.webhook).toBeUndefined();
    // None of them is a call of the bot's.
    expect(emu.calls).toEqual([]);
  });

  it("still serves the bot: grammY's calls (POST) set and delete a webhook", async () => {
    const api = new Api(emu.token, { apiRoot: emu.apiRoot });
    expect((await api.getMe()).username).toBe(emu.bot.username);
    await api.setWebhook(hook);
    expect(emu.state.webhook?.url).toBe(hook);
    await api.deleteWebhook();
    expect(emu.state.webhook).toBeUndefined();
  });
});

describe("the sandbox exchange answers programs on this machine, not web pages", () => {
  let sandbox: SandboxServer;
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    await sandbox.close();
  });

  it("refuses a cross-origin request, a foreign Host and a browser's request for another page, before it creates anything", async () => {
    const base = new URL(sandbox.url);
    const query = new URLSearchParams({
      key: sandbox.apiKey,
      from: "BTC",
      to: "ETH",
      amount: "0.1",
      destinationAddress: SAMPLE_ADDRESSES.ETH!,
      refundAddress: SAMPLE_ADDRESSES.BTC!,
    });
    const path = `${base.pathname}/exchange-create?${query.toString()}`;
    expect(await call(sandbox.url, "GET", path, { host: base.host, origin: "https://evil.example" })).toBe(403);
    expect(await call(sandbox.url, "GET", path, { host: `evil.example:${base.port}` })).toBe(403);
    expect(await call(sandbox.url, "GET", path, { host: base.host, "sec-fetch-site": "cross-site", "sec-fetch-dest": "image" })).toBe(403);
    expect(sandbox.orders.list()).toEqual([]);
    expect(sandbox.requests.count("exchange-create")).toBe(0);
    // The same request from a program on this machine creates the order.
    expect(await call(sandbox.url, "GET", path, { host: base.host })).toBe(200);
    expect(sandbox.orders.list()).toHaveLength(1);
  });

  it("still serves the partner client", async () => {
    const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    try {
      expect((await client.currencies()).length).toBeGreaterThan(10);
    } finally {
      client.close();
    }
  });
});
