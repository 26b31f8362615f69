/**
 * The real bot as a child process (production mode, only environment variables), so a test can
 * `kill -9` it at any moment and start it again on the same data directory: from a build laid out
 * as the image (`node --v8-pool-size=0 --max-semi-space-size=64 dist/main.js`, as `npm run
 * start:prod` and the image run it; the crash tests' build-setup.ts), or else from the sources
 * (`… --import tsx src/main.ts`, as `npm start` runs it). The Bot API emulator and the sandbox exchange live in the test process: what a
 * person saw and which orders exist at the partner survive the bot's death, as they would with
 * Telegram and a real service.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Emulator } from "../../src/devtools/emulator/server.js";
import type { SandboxServer } from "../../src/devtools/sandbox/server.js";
import { progressWatchdog } from "../child-progress.js";

/**
 * The Node options every start command of the bot gives (`npm start`, the Procfile, the image's
 * CMD; test/deploy/entry.test.ts holds them to this list), so that the child runs as deployed.
 */
export const BOT_NODE_OPTIONS: readonly string[] = ["--v8-pool-size=0", "--max-semi-space-size=64"];

/**
 * What points a bot process at the test's Bot API emulator and sandbox exchange, and at its data
 * folder: the variables every such process is given, before those of its own run.
 */
export function sandboxedBotEnv(emulator: Emulator, sandbox: SandboxServer, dataDir: string): Record<string, string> {
  return {
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    PARTNER_API_URL: sandbox.url,
    PARTNER_API_KEY: sandbox.apiKey,
    DATA_DIR: dataDir,
  };
}

/** The repository root: the child runs `src/main.ts` from there, like `npm start` does. */
const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The log lines app.ts writes once it takes updates: by polling, or by webhook. */
const READY_LINE = {
  polling: "bot is polling for updates",
  webhook: "bot is taking updates by webhook",
  none: "bot takes no updates here (TELEGRAM_UPDATES=none): it checks exchanges and sends as one of the replicas",
} as const;

/** One line the child wrote, parsed when it is JSON (LOG_FORMAT=json), with the run it came from. */
export interface LogLine {
  /** 1 for the first start, 2 after the first restart, … */
  generation: number;
  stream: "stdout" | "stderr";
  text: string;
  /** The parsed pino line, when it was one. */
  json?: Record<string, unknown>;
}

/** How a run of the child ended. */
export interface ExitInfo {
  generation: number;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface BotProcessOptions {
  /** Everything the bot reads besides PATH (BOT_TOKEN, TELEGRAM_API_ROOT, DATA_DIR, …). */
  env: Record<string, string>;
  /** Where the bot polls: "polling" means the emulator holds one of its getUpdates. */
  emulator: Emulator;
  /**
   * A start fails when the child spends this long without progress (using no CPU), or uses this
   * much CPU without being ready. Default 20 s. Not wall time: on a loaded machine the child gets a
   * sliver of a core, and loading the bot's modules through tsx took 18 s of wall time for 1.8 s of
   * CPU with the load average at 22 on 2 cores.
   */
  startTimeoutMs?: number;
  /** How the bot takes updates (WEBHOOK_URL in `env` means "webhook"; TELEGRAM_UPDATES=none, "none"). Default "polling". */
  mode?: "polling" | "webhook" | "none";
  /** Node options before the entry point (a benchmark's `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /**
   * A build laid out as the image (built-bot.ts): the child runs its `dist/main.js` there. Without
   * it, `src/main.ts` through tsx in the checkout.
   */
  built?: string;
  /** The checkout whose `src/main.ts` runs (a benchmark's copy of an earlier commit). Default: this repository. */
  root?: string;
}

/** A bot process that can be started, killed and started again; one child at a time. */
export class BotProcess {
  readonly logs: LogLine[] = [];
  readonly exits: ExitInfo[] = [];
  #child: ChildProcess | undefined;
  #exited: Promise<ExitInfo> | undefined;
  #generation = 0;
  readonly #opts: BotProcessOptions;

  constructor(opts: BotProcessOptions) {
    this.#opts = opts;
  }

  /** Starts counted from 1; the current (or last) run's number. */
  get generation(): number {
    return this.#generation;
  }

  /** Whether a child is alive (started and not yet seen to exit). */
  get running(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** The child's pid, for a report; undefined when none runs. */
  get pid(): number | undefined {
    return this.running ? this.#child?.pid : undefined;
  }

  /** Log lines of the current run. */
  currentLogs(): LogLine[] {
    return this.logs.filter((l) => l.generation === this.#generation);
  }

  /**
   * Starts the bot and resolves once it takes updates: its "polling" log line was written and the
   * emulator holds one of its getUpdates (or, in webhook mode, its "webhook" line was written). Rejects (and kills the child) if it exits or does not
   * get there within the start timeout, with its output in the message.
   */
  async start(): Promise<void> {
    if (this.running) throw new Error("the bot is already running; kill or stop it first");
    const generation = ++this.#generation;
    // Only what the bot needs: vitest's own variables (NODE_ENV=test among them) must not leak
    // into a process that is meant to run as in production.
    const built = this.#opts.built;
    const entry = built === undefined ? ["--import", "tsx", "src/main.ts"] : ["dist/main.js"];
    const child = spawn(process.execPath, [...BOT_NODE_OPTIONS, ...(this.#opts.nodeArgs ?? []), ...entry], {
      cwd: built ?? this.#opts.root ?? REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", LOG_FORMAT: "json", ...this.#opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.#child = child;
    this.#exited = new Promise((resolve) => {
      child.on("exit", (code, signal) => {
        const info = { generation, code, signal };
        this.exits.push(info);
        resolve(info);
      });
    });
    const sawPolling = new Promise<void>((resolve) => {
      const onLine = (stream: "stdout" | "stderr") => {
        let rest = "";
        return (chunk: Buffer) => {
          rest += chunk.toString();
          const lines = rest.split("\n");
          rest = lines.pop() ?? "";
          for (const text of lines) {
            if (text.trim() === "") continue;
            const line: LogLine = { generation, stream, text };
            try {
              const parsed: unknown = JSON.parse(text);
              if (parsed !== null && typeof parsed === "object") line.json = parsed as Record<string, unknown>;
            } catch {
              // Not a pino line (a crash trace on stderr): kept as text.
            }
            this.logs.push(line);
            if (line.json?.msg === READY_LINE[this.#opts.mode ?? "polling"]) resolve();
          }
        };
      };
      child.stdout.on("data", onLine("stdout"));
      child.stderr.on("data", onLine("stderr"));
    });

    const timeoutMs = this.#opts.startTimeoutMs ?? 20_000;
    let timer: NodeJS.Timeout | undefined;
    const failed = new Promise<never>((_, reject) => {
      timer = progressWatchdog(child, timeoutMs, "start polling", reject);
      void this.#exited?.then((info) => reject(new Error(`the bot exited during start-up (code ${info.code}, signal ${info.signal})`)));
    });
    // It also rejects when this run is killed long after a successful start: nobody listens then.
    failed.catch(() => undefined);
    try {
      await Promise.race([sawPolling, failed]);
      // The log line is written just after the runner starts; its first getUpdates follows.
      if (this.#opts.mode === undefined || this.#opts.mode === "polling") await Promise.race([whenPolling(this.#opts.emulator), failed]);
    } catch (err) {
      this.kill();
      const output = this.currentLogs()
        .slice(-20)
        .map((l) => l.text)
        .join("\n");
      throw new Error(`${(err as Error).message}; last output:\n${output}`);
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * SIGKILL, synchronously: the signal is sent before this returns, so a hook that calls it while
   * the emulator or the sandbox is answering the bot guarantees the bot never reads that answer.
   * Returns false when no child was running.
   */
  kill(): boolean {
    if (!this.running) return false;
    return this.#child?.kill("SIGKILL") ?? false;
  }

  /** Resolves when the current child has exited (at once when none runs). */
  async waitExit(timeoutMs = 10_000): Promise<ExitInfo | undefined> {
    if (this.#exited === undefined) return undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.#exited,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the bot did not exit within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Kills the bot (if it runs), waits for it to be gone, and starts it again on the same data. */
  async restart(): Promise<void> {
    this.kill();
    await this.waitExit();
    await this.start();
  }

  /**
   * A graceful stop (SIGTERM): the bot finishes running updates and writes its store. Falls back
   * to SIGKILL when it takes longer than `timeoutMs`, so a test never hangs on it.
   */
  async stop(timeoutMs = 20_000): Promise<ExitInfo | undefined> {
    if (!this.running) return this.exits.at(-1);
    this.#child?.kill("SIGTERM");
    try {
      return await this.waitExit(timeoutMs);
    } catch {
      this.kill();
      return this.waitExit();
    }
  }
}

/** Resolves once the emulator holds one of the bot's getUpdates (on the emulator's news, no deadline of its own). */
function whenPolling(emulator: Emulator): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!emulator.isPolling()) return;
      off();
      resolve();
    };
    const off = emulator.state.onChange(check);
    check();
  });
}
