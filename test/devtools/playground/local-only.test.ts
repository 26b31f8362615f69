/**
 * The playground against DNS rebinding: started as `npm start` starts it, it answers its own page
 * on loopback and refuses a request whose Host or Origin names another site, before acting on it.
 */
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/log.js";
import { loadDevConfig, startDevSystem, type DevSystem } from "../../../src/devtools/system.js";
import { PLAYGROUND_USER } from "../../../src/devtools/playground/server.js";

let system: DevSystem;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "swapbot-playground-host-"));
  const config = loadDevConfig({ DATA_DIR: dataDir, SANDBOX_PORT: "0", LOG_LEVEL: "silent" });
  system = await startDevSystem(config, createLogger({ level: "silent", secrets: [] }));
  port = Number(new URL(system.playground!.url).port);
});
afterAll(async () => {
  await system.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A request to the playground with exactly these headers (fetch would set Host itself). */
function call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers, setHost: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const send = (headers: Record<string, string>, text = "/help") =>
  call(
    "POST",
    "/playground/api/send",
    { "content-type": "application/json", ...headers },
    JSON.stringify({ user: PLAYGROUND_USER.id, text }),
  );

/** What Alice typed, as the page's own API shows it. */
async function typedByAlice(): Promise<string[]> {
  const res = await fetch(`${system.playground!.url}/playground/api/chat/${String(PLAYGROUND_USER.id)}`);
  const chat = (await res.json()) as { messages: { fromBot: boolean; text: string }[] };
  return chat.messages.filter((m) => !m.fromBot).map((m) => m.text);
}

describe("the playground answers only itself on loopback", () => {
  it("serves its page and API to loopback names, with its own origin", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect(await call("GET", "/playground/api/people", { host })).toBe(200);
      expect(await call("GET", "/", { host })).toBe(200);
    }
    expect(await send({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).toBe(200);
    expect(await send({ host: `localhost:${port}` })).toBe(200);
  });

  it("refuses another site's name in Host (DNS rebinding) and another site's Origin, and acts on neither", async () => {
    const probe = "rebinding probe";
    expect(await send({ host: `evil.example:${port}` }, probe)).toBe(403);
    expect(await send({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` }, probe)).toBe(403);
    expect(await send({ host: `127.0.0.1:${port}`, origin: "http://evil.example" }, probe)).toBe(403);
    expect(await send({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port + 1}` }, probe)).toBe(403);
    expect(await send({ host: `127.0.0.1:${port}`, origin: "null" }, probe)).toBe(403);
    // No Host at all: Node itself refuses an HTTP/1.1 request without one.
    expect([400, 403]).toContain(await send({}));
    expect(await call("GET", "/playground/api/chat/1001", { host: `rebound.example:${port}` })).toBe(403);
    expect(await call("GET", "/playground/api/events", { host: `127.0.0.1.evil.example:${port}` })).toBe(403);
    // Nothing was typed on Alice's behalf.
    expect(await typedByAlice()).not.toContain(probe);
  });
});
