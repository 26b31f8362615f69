/**
 * The playground's capability switches (issue 22): `npm start` offers every capability, the page
 * switches each off for the bot and the sandbox at once, and the market can be moved.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { loadDevConfig, startDevSystem, withSandboxFeatures, type DevSystem } from "../../src/devtools/system.js";
import { PLAYGROUND_USER } from "../../src/devtools/playground/server.js";
import { ALL_PARTNER_FEATURES } from "../../src/partner/features.js";

describe("the playground's capability switches", () => {
  let system: DevSystem | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await system?.close();
    system = undefined;
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  async function start(env: Record<string, string>): Promise<string> {
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-playground-features-"));
    const all = { DATA_DIR: dataDir, SANDBOX_PORT: "0", LOG_LEVEL: "silent", ...env };
    system = await startDevSystem(withSandboxFeatures(loadDevConfig(all), all), createLogger({ level: "silent", secrets: [] }));
    return `${system.playground!.url}/playground/api`;
  }
  const post = async (base: string, path: string, body: unknown) => {
    const res = await fetch(`${base}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const botSays = (text: string) =>
    system!.emulator!.waitFor(
      () =>
        system!
          .emulator!.chat(PLAYGROUND_USER.id)
          .messages()
          .findLast((m) => m.plain.includes(text)),
      20_000,
    );

  it("npm start offers every capability unless PARTNER_FEATURES is set, even to nothing", () => {
    const base = { DATA_DIR: "unused", SANDBOX_PORT: "0" };
    expect(withSandboxFeatures(loadDevConfig(base), base).partnerFeatures).toEqual(ALL_PARTNER_FEATURES);
    const none = { ...base, PARTNER_FEATURES: "" };
    expect(withSandboxFeatures(loadDevConfig(none), none).partnerFeatures.size).toBe(0);
    const one = { ...base, PARTNER_FEATURES: "receive" };
    expect([...withSandboxFeatures(loadDevConfig(one), one).partnerFeatures]).toEqual(["receive"]);
  });

  it("switches a capability off for the bot and the sandbox together, and moves the market", async () => {
    const base = await start({});
    const shown = (await (await fetch(`${base}/features`)).json()) as { names: string[]; on: string[] };
    expect(shown.on).toEqual([...ALL_PARTNER_FEATURES]);

    // On: the amount step offers "receive exactly".
    await post(base, "send", { user: PLAYGROUND_USER.id, text: "/rate btc =2 eth" });
    await botSays("You get exactly: 2 ETH");

    expect(await post(base, "features", { name: "receive", on: false })).toMatchObject({
      status: 200,
      body: { on: ["fixed", "emergency", "batch-status", "history"] },
    });
    const sandboxAnswer = await fetch(`${system!.sandbox.url}/payment/rate?key=${system!.sandbox.apiKey}&from=BTC&to=ETH&amountTo=2`);
    expect(sandboxAnswer.status).toBe(404);
    await post(base, "send", { user: PLAYGROUND_USER.id, text: "/help" });
    const help = await botSays("How an exchange works");
    expect(help.plain).not.toContain("btc =100 usdt");

    expect(await post(base, "features", { name: "nonsense", on: true })).toMatchObject({ status: 400 });
    expect(await post(base, "rates", { percent: -5 })).toMatchObject({ status: 200, body: { ratesMovedPercent: -5 } });
    expect(await post(base, "rates", { percent: -100 })).toMatchObject({ status: 400 });
  });

  it("starts with every switch off when PARTNER_FEATURES is set to nothing", async () => {
    const base = await start({ PARTNER_FEATURES: "" });
    const shown = (await (await fetch(`${base}/features`)).json()) as { names: string[]; on: string[] };
    expect(shown.on).toEqual([]);
    expect(shown.names.length).toBe(5);
  });
});
