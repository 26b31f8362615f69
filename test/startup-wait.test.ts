/**
 * Start-up with Telegram unreachable: main.ts in a child process (as a partner runs it) must say
 * what it is trying to reach and each retry with its delay, never the token, and stop at once on
 * the first SIGINT with exit code 0.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startEmulator } from "../src/devtools/emulator/server.js";

const TOKEN = "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const PARTNER_KEY = "partner-secret-key-123";

/** A local port nothing listens on: bound once to learn a free number, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Exit {
  code: number | null;
  output: string;
  /** Milliseconds from the signal to the exit. */
  afterSignalMs: number;
}

/** Runs main.ts; sends `signal` once `ready(output)` holds; resolves on exit. */
function runUntil(env: Record<string, string>, ready: (output: string) => boolean, signal: NodeJS.Signals): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      env: { PATH: process.env.PATH ?? "", LOG_FORMAT: "json", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let signalledAt: number | undefined;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`main.ts did not ${signalledAt ? "exit after the signal" : "log the retries"} in time; output:\n${output}`));
    }, 20_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (signalledAt === undefined && ready(output)) {
        signalledAt = Date.now();
        child.kill(signal);
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output, afterSignalMs: signalledAt === undefined ? Number.NaN : Date.now() - signalledAt });
    });
  });
}

describe("start-up with Telegram unreachable", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-startup-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`logs what it tries to reach and each retry with its delay, then stops at once on the first ${signal} with exit code 0`, async () => {
      const port = await closedPort();
      const host = `127.0.0.1:${port}`;
      const run = await runUntil(
        {
          DATA_DIR: dataDir,
          BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: `http://${host}`,
          PARTNER_API_URL: "http://127.0.0.1:9/api/v1",
          PARTNER_API_KEY: PARTNER_KEY,
        },
        // Two retries seen: the second delay shows the backoff growing (1 s, then 2 s).
        (output) => output.includes("retry 2 in 2 s"),
        signal,
      );
      const lines = run.output
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { msg: string; host?: string; retryInMs?: number; reason?: string });
      const msgs = lines.map((l) => l.msg);
      expect(msgs).toContain(`telegram: trying to reach ${host} (getMe)`);
      const retries = lines.filter((l) => l.retryInMs !== undefined);
      expect(retries.slice(0, 2).map((l) => l.retryInMs)).toEqual([1000, 2000]);
      expect(retries[0]?.reason).toBe("ECONNREFUSED");
      expect(retries[0]?.host).toBe(host);
      expect(run.afterSignalMs).toBeLessThan(2_000);
      expect(run.code).toBe(0);
      expect(msgs).toContain("stopped cleanly during start-up");
      // The wait happens after the store is open: the app closes it on the way out.
      expect(msgs).toContain("store: opened");
      expect(run.output).not.toContain(TOKEN);
      expect(run.output).not.toContain(TOKEN.split(":")[1]);
      expect(run.output).not.toContain(PARTNER_KEY);
    });
  }

  it("is unready on /readyz (and alive on /healthz) while it waits for Telegram", async () => {
    const [telegram, port] = [await closedPort(), await closedPort()];
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        LOG_FORMAT: "json",
        DATA_DIR: dataDir,
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: `http://127.0.0.1:${telegram}`,
        PARTNER_API_URL: "http://127.0.0.1:9/api/v1",
        PARTNER_API_KEY: PARTNER_KEY,
        PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      const until = Date.now() + 15_000;
      while (!output.includes("retry 1 in") && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(output).toContain("retry 1 in");
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.text()).toLowerCase()).toContain("telegram");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
  });

  it("does not retry a token Telegram refuses (401): exits 1 at once and says to check BOT_TOKEN", async () => {
    const emulator = await startEmulator({ token: "654321:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" });
    try {
      const started = Date.now();
      const run = await runUntil(
        {
          DATA_DIR: dataDir,
          BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: emulator.apiRoot,
          PARTNER_API_URL: "http://127.0.0.1:9/api/v1",
          PARTNER_API_KEY: PARTNER_KEY,
        },
        () => false,
        "SIGINT",
      );
      expect(run.code).toBe(1);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(run.output).toContain("check BOT_TOKEN");
      expect(run.output).not.toContain("retry 1");
      expect(run.output).not.toContain(TOKEN.split(":")[1]);
    } finally {
      await emulator.close();
    }
  });
});
