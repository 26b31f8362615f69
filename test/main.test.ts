/**
 * The process as a partner runs it: `src/main.ts` in a child process, with only environment
 * variables. Start-up refusals must exit 1 with a clear message; a signal must stop it cleanly.
 *
 * The refusals run the run's build as the image and `npm run start:prod` do (test/crash/build-setup.ts):
 * through tsx each run took 2.2–2.6 s of CPU, from the build 1.1. `npm start`'s own way, through
 * tsx, is kept where it is the subject: `npm start` itself, a start with no configuration, and
 * the read-only folder, run as a user who can read the checkout but not the build's folder.
 *
 * A run fails when the child stalls (child-progress.ts), not after a fixed wall time: on a loaded
 * machine loading main.ts's modules alone took 18 s, past the 15 s these runs were given.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { progressWatchdog } from "./child-progress.js";
import { BOT_NODE_OPTIONS } from "./crash/bot-process.js";
import { builtBot } from "./crash/built-bot.js";

/** A run fails after this long without the child using CPU, or this much CPU used without exiting. */
const STALL_MS = 20_000;
/** The vitest limit of these tests: only against a hang; a stalled child fails the run first. */
const HANG_GUARD_MS = 120_000;

/** A file of the checkout's dependencies that the bot must read to start (`--import tsx`). */
const tsxManifest = resolve("node_modules", "tsx", "package.json");

interface Run {
  code: number | null;
  output: string;
}

/** Where main.ts runs from: the run's build (`npm run start:prod`'s way), or the sources through tsx (`npm start`'s). */
type Entry = "build" | "sources";

/** The command (after `node`) and folder that run main.ts from `entry`. */
function mainCommand(entry: Entry): { args: string[]; cwd: string | undefined } {
  if (entry === "sources") return { args: ["--import", "tsx", "src/main.ts"], cwd: undefined };
  return { args: [...BOT_NODE_OPTIONS, "dist/main.js"], cwd: builtBot() };
}

/**
 * Starts main.ts from `entry`; resolves when it exits. `onOutput` may send it a signal. `prefix`
 * runs it through another command (setpriv, to run as an ordinary user).
 */
function runMain(
  entry: Entry,
  env: Record<string, string>,
  onOutput?: (output: string, kill: (s: NodeJS.Signals) => void) => void,
  prefix: string[] = [],
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const { args, cwd } = mainCommand(entry);
    const command = [...prefix, process.execPath, ...args];
    const child = spawn(command[0]!, command.slice(1), {
      cwd,
      env: { PATH: process.env.PATH ?? "", LOG_FORMAT: "json", SANDBOX_PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const timer = progressWatchdog(child, STALL_MS, "exit", (err) => {
      child.kill("SIGKILL");
      reject(new Error(`main.ts stalled: ${err.message}; output:\n${output}`));
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput?.(output, (s) => child.kill(s));
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    // "close", not "exit": the child's last output has been read by then.
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Runs `npm start` in its own process group, as a terminal does, and sends SIGINT to the whole
 * group once the playground address is printed: the terminal's Ctrl-C reaches npm, the shell npm
 * runs the script in, and the bot at once.
 */
function runNpmStart(env: Record<string, string>): Promise<Run & { signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["start"], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_FORMAT: "json", SANDBOX_PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    let signalled = false;
    const timer = progressWatchdog(
      child,
      STALL_MS,
      "exit",
      (err) => {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        reject(new Error(`npm start stalled: ${err.message}; output:\n${output}`));
      },
      { group: true },
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!signalled && output.includes("Open http") && child.pid !== undefined) {
        signalled = true;
        process.kill(-child.pid, "SIGINT");
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("close", (code, signal) => {
      clearInterval(timer);
      resolve({ code, signal, output });
    });
  });
}

describe("main.ts as a process", { timeout: HANG_GUARD_MS }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-main-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a bad configuration with one message naming each variable, and exits 1", async () => {
    const run = await runMain("build", { DATA_DIR: dataDir, BOT_TOKEN: "not-a-token", POLL_INTERVAL_MS: "soon" });
    expect(run.code).toBe(1);
    expect(run.output).toContain("Invalid configuration");
    expect(run.output).toContain("BOT_TOKEN");
    expect(run.output).toContain("POLL_INTERVAL_MS");
    expect(run.output).not.toContain("not-a-token");
  });

  it("refuses a corrupt data file, exits 1, and leaves the file as it was", async () => {
    const file = join(dataDir, "db.json");
    await writeFile(file, "{ this is not json");
    const run = await runMain("build", { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.output).toContain("db.json");
    const { readFile } = await import("node:fs/promises");
    expect(await readFile(file, "utf8")).toBe("{ this is not json");
  });

  it("says in one line that the database at DATABASE_URL cannot be reached, without its password, and exits 1", async () => {
    const run = await runMain("build", { DATA_DIR: dataDir, DATABASE_URL: "postgres://bot:s3cret-pw@127.0.0.1:9/swap" });
    expect(run.code).toBe(1);
    expect(run.output).toContain("DATABASE_URL");
    expect(run.output).toContain("127.0.0.1:9");
    expect(run.output).not.toContain("s3cret-pw");
    expect(run.output).not.toContain("    at "); // no stack trace
  });

  /** Start-up refused for the data directory: named, with the OS's reason and what to do; no stack, no "backup". */
  const expectDataDirRefusal = (run: Run, dir: string, reason: string, advice: RegExp) => {
    expect(run.code).toBe(1);
    expect(run.output).toContain(`The data directory ${dir} (DATA_DIR=${dir})`);
    expect(run.output).toContain(reason);
    expect(run.output).toMatch(advice);
    expect(run.output).toContain("or set DATA_DIR to a folder");
    expect(run.output).not.toMatch(/backup/i);
    expect(run.output).not.toMatch(/\bat (async )?\S+ \(/); // no stack trace
  };

  it("names DATA_DIR, the path and the reason when the data directory lies under a file, and exits 1", async () => {
    await writeFile(join(dataDir, "file"), "x");
    const dir = join(dataDir, "file", "data");
    const run = await runMain("build", { DATA_DIR: dir });
    expectDataDirRefusal(run, dir, "cannot be created: a part of the path is a file, not a folder (ENOTDIR)", /Remove or rename the file/);
  });

  // root writes anywhere whatever the mode: as root, the bot is run as "nobody" through setpriv.
  // That needs a checkout "nobody" can read: a clone inside a folder other users cannot enter
  // (mode 700, as CI may make) cannot be run by it at all, so there the test cannot be made.
  const root = process.getuid?.() === 0;
  const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p));
  const asNobody = setpriv === undefined ? [] : [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"];
  const nobodyReadsCheckout =
    setpriv !== undefined &&
    spawnSync(asNobody[0]!, [...asNobody.slice(1), process.execPath, "-e", "require('node:fs').accessSync(process.argv[1])", tsxManifest])
      .status === 0;
  it.skipIf(process.platform === "win32" || (root && !nobodyReadsCheckout))(
    "says to fix the permissions when the data directory is read-only, and exits 1",
    async () => {
      const prefix = root ? asNobody : [];
      await chmod(dataDir, 0o555);
      try {
        const run = await runMain("sources", { DATA_DIR: dataDir, HOME: dataDir }, undefined, prefix);
        expectDataDirRefusal(
          run,
          dataDir,
          "cannot be written to: permission denied (EACCES)",
          /Give the user running the bot \(uid \d+\) write permission/,
        );
        expect(await readdir(dataDir)).toEqual([]);
      } finally {
        await chmod(dataDir, 0o755);
      }
    },
  );

  it("says what to do when the sandbox port is taken, and exits 1", async () => {
    const { createServer } = await import("node:net");
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await runMain("build", { DATA_DIR: dataDir, SANDBOX_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.output).toContain("set SANDBOX_PORT to another port");
    } finally {
      blocker.close();
    }
  });

  it("`npm start` exits 0 when Ctrl-C stops it cleanly (SIGINT to the whole process group, as a terminal sends it)", async () => {
    const run = await runNpmStart({ DATA_DIR: dataDir });
    expect(run.output).toContain("stopped cleanly");
    expect({ code: run.code, signal: run.signal }).toEqual({ code: 0, signal: null });
  });

  it("comes up in sandbox mode with no configuration, says so, and stops cleanly on SIGINT", async () => {
    let signalled = false;
    const run = await runMain("sources", { DATA_DIR: dataDir }, (output, kill) => {
      if (!signalled && output.includes("bot is polling for updates")) {
        signalled = true;
        kill("SIGINT");
      }
    });
    expect(run.output).toContain("SANDBOX MODE");
    expect(run.output).toContain("stopped cleanly");
    expect(run.code).toBe(0);
  });
});
