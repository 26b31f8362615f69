/**
 * Start-up with Telegram unreachable: main.ts in a child process (as a partner runs it) must say
 * what it is trying to reach and each retry with its delay, never the token, and stop at once on
 * the first SIGINT with exit code 0.
 *
 * A wait on the child fails when the child stalls (child-progress.ts), not after a fixed wall time:
 * on a loaded machine loading main.ts's modules alone took 18 s. What the bot promises about time
 * (it stops at once, it does not retry a refused token) is read from its own log and the calls
 * it made, not from how fast a busy machine ran it.
 *
 * main.ts runs from the run's build, as the image and `npm run start:prod` run it
 * (test/crash/build-setup.ts): through tsx each start took about 1.2 s of CPU more. `npm start`'s
 * way through tsx is test/main.test.ts's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startEmulator } from "../src/devtools/emulator/server.js";
import { progressWatchdog } from "./child-progress.js";
import { BOT_NODE_OPTIONS } from "./crash/bot-process.js";
import { builtBot } from "./crash/built-bot.js";

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

/** A wait on the child fails after this long without the child using CPU, or this much CPU used (child-progress.ts). */
const STALL_MS = 20_000;
/** The vitest limit of a test that runs main.ts: only against a hang; the waits above fail first. */
const HANG_GUARD_MS = 120_000;

/** One line main.ts logged (LOG_FORMAT=json): `time` is the child's own clock, in ms. */
interface LogLine {
  msg: string;
  time: number;
  host?: string;
  retryInMs?: number;
  reason?: string;
}

interface Exit {
  code: number | null;
  output: string;
  lines: LogLine[];
}

/** The JSON lines in `output`, in order. */
function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);
}

/** When the child logged `msg` first, by its clock. */
function loggedAt(lines: LogLine[], msg: string): number {
  const line = lines.find((l) => l.msg === msg);
  expect(line, `logged: ${msg}`).toBeDefined();
  return line!.time;
}

/** main.ts in a child process from the run's build with only `env` (and PATH), as a partner runs it. */
function startMain(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...BOT_NODE_OPTIONS, "dist/main.js"], {
    cwd: builtBot(),
    env: { PATH: process.env.PATH ?? "", LOG_FORMAT: "json", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Resolves with the child's output once `ready(output)` holds or the child exits; rejects (and kills it) when it stalls first. */
function outputUntil(child: ChildProcess, ready: (output: string) => boolean, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const done = () => {
      clearInterval(watchdog);
      child.stdout?.off("data", collect);
      child.stderr?.off("data", collect);
      child.off("close", finish);
    };
    const fail = (err: Error) => {
      done();
      child.kill("SIGKILL");
      reject(new Error(`${err.message}; output:\n${output}`));
    };
    const watchdog = progressWatchdog(child, STALL_MS, what, fail);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready(output)) finish();
    };
    const finish = () => {
      done();
      resolve(output);
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    // "close", not "exit": the child's last output has been read by then.
    child.on("close", finish);
  });
}

/** Runs main.ts; sends `signal` once `ready(output)` holds; resolves on exit. */
async function runUntil(env: Record<string, string>, ready: (output: string) => boolean, signal: NodeJS.Signals): Promise<Exit> {
  const child = startMain(env);
  const exit = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  let output = "";
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  // Ready, or exited on its own (a refused token): either way it is told to stop, which a gone child ignores.
  await outputUntil(child, () => ready(output), "log the retries");
  child.kill(signal);
  let watchdog: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    watchdog = progressWatchdog(child, STALL_MS, "exit after the signal", reject);
  });
  try {
    const code = await Promise.race([exit, stalled]);
    return { code, output, lines: logLines(output) };
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${(err as Error).message}; output:\n${output}`);
  } finally {
    clearInterval(watchdog);
  }
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
    it(
      `logs what it tries to reach and each retry with its delay, then stops at once on the first ${signal} with exit code 0`,
      async () => {
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
        const { lines } = run;
        const msgs = lines.map((l) => l.msg);
        expect(msgs).toContain(`telegram: trying to reach ${host} (getMe)`);
        const retries = lines.filter((l) => l.retryInMs !== undefined);
        expect(retries.slice(0, 2).map((l) => l.retryInMs)).toEqual([1000, 2000]);
        expect(retries[0]?.reason).toBe("ECONNREFUSED");
        expect(retries[0]?.host).toBe(host);
        expect(run.code).toBe(0);
        // At once: the wait under way when the signal came ends then, before the retry it waits for
        // is due (a wait that ignored the signal would end at that time). On the child's clock, so a
        // slow test process or a slow exit on a busy machine does not count.
        const signalAt = loggedAt(lines, `${signal} received during start-up: stopping`);
        const stoppedAt = loggedAt(lines, "stopped cleanly during start-up");
        const waiting = retries.filter((l) => l.time <= signalAt).at(-1)!;
        const due = waiting.time + waiting.retryInMs!;
        if (signalAt < due) expect(stoppedAt, `stopped before retry ${retries.indexOf(waiting) + 1} was due`).toBeLessThan(due);
        // The signal came between two waits (during an attempt): no wait begins after it.
        else expect(retries.filter((l) => l.time > signalAt)).toEqual([]);
        // The wait happens after the store is open: the app closes it on the way out.
        expect(msgs).toContain("store: opened");
        expect(run.output).not.toContain(TOKEN);
        expect(run.output).not.toContain(TOKEN.split(":")[1]);
        expect(run.output).not.toContain(PARTNER_KEY);
      },
      HANG_GUARD_MS,
    );
  }

  it(
    "is unready on /readyz (and alive on /healthz) while it waits for Telegram",
    async () => {
      const [telegram, port] = [await closedPort(), await closedPort()];
      const child = startMain({
        DATA_DIR: dataDir,
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: `http://127.0.0.1:${telegram}`,
        PARTNER_API_URL: "http://127.0.0.1:9/api/v1",
        PARTNER_API_KEY: PARTNER_KEY,
        PORT: String(port),
      });
      const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
      try {
        const output = await outputUntil(child, (out) => out.includes("retry 1 in"), "log its first retry");
        expect(output).toContain("retry 1 in");
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(503);
        expect((await ready.text()).toLowerCase()).toContain("telegram");
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      } finally {
        child.kill("SIGINT");
      }
      expect(await exited).toBe(0);
    },
    HANG_GUARD_MS,
  );

  it(
    "does not retry a token Telegram refuses (401): exits 1 at once and says to check BOT_TOKEN",
    async () => {
      const emulator = await startEmulator({ token: "654321:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" });
      try {
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
        // At once: one getMe, refused, and no retry (which would wait a second first, and say so).
        expect(emulator.callsOf("getMe").map((c) => c.error?.code)).toEqual([401]);
        expect(run.output).toContain("check BOT_TOKEN");
        expect(run.output).not.toContain("retry 1");
        expect(run.output).not.toContain(TOKEN.split(":")[1]);
      } finally {
        await emulator.close();
      }
    },
    HANG_GUARD_MS,
  );
});
