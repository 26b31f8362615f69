/**
 * The container's entry, without a Docker engine: the Dockerfile's CMD (read from the file, so a
 * drift fails here) runs against a production build laid out as the image lays it out (dist/,
 * node_modules and what the runtime stage copies; the run's build, test/crash/build-setup.ts), in
 * production mode against the project's Bot API emulator and sandbox exchange. It must poll, serve
 * the Mini App's page, then stop on SIGTERM with exit code 0.
 */
import { spawn } from "node:child_process";
import { builtinModules } from "node:module";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/devtools/emulator/server.js";
import { startSandbox, type SandboxServer } from "../../src/devtools/sandbox/server.js";
import { BOT_NODE_OPTIONS, sandboxedBotEnv } from "../crash/bot-process.js";
import { builtBot } from "../crash/built-bot.js";
import { freePort } from "../../src/net/listen.js";

const ROOT = join(import.meta.dirname, "..", "..");
const TOKEN = "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** The exec-form CMD of the Dockerfile's last stage. */
async function dockerCmd(): Promise<string[]> {
  const dockerfile = await readFile(join(ROOT, "Dockerfile"), "utf8");
  const cmds = [...dockerfile.matchAll(/^CMD\s+(\[.*\])\s*$/gm)];
  const last = cmds.at(-1);
  if (last?.[1] === undefined) throw new Error("the Dockerfile has no exec-form CMD [...]");
  return JSON.parse(last[1]) as string[];
}

/** Every .js file under `dir`. */
async function jsFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".js")) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

describe("the container's entry command", () => {
  let app: string;
  let dataDir: string | undefined;
  let emulator: Emulator | undefined;
  let sandbox: SandboxServer | undefined;

  beforeAll(async () => {
    // The build stage and the runtime stage's COPY lines: the run's build (test/crash/build-setup.ts).
    app = builtBot();
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-image-data-"));
    emulator = await startEmulator({ token: TOKEN });
    sandbox = await startSandbox();
  });

  afterAll(async () => {
    await emulator?.close();
    await sandbox?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("is the Procfile's production entry", async () => {
    const procfile = await readFile(join(ROOT, "Procfile"), "utf8");
    const worker = /^worker:\s*(.+)$/m.exec(procfile)?.[1]?.trim();
    expect((await dockerCmd()).join(" ")).toBe(worker);
  });

  it("gives the same Node options as npm start, npm run start:prod and the crash tests' bot", async () => {
    const options = BOT_NODE_OPTIONS.join(" ");
    const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect((await dockerCmd()).join(" ")).toBe(`node ${options} dist/main.js`);
    expect(pkg.scripts["start:prod"]).toBe(`node ${options} dist/main.js`);
    expect(pkg.scripts.start).toBe(`exec node ${options} --import tsx src/main.ts`);
  });

  it("needs no development dependency at run time: every static import of the build is a dependency or built in", async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    const missing = new Set<string>();
    const seen = new Set<string>();
    for (const file of await jsFiles(join(app, "dist"))) {
      const text = await readFile(file, "utf8");
      // Static imports only: a dynamic import (pino-pretty in log.ts) is guarded and optional.
      for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^".][^"]*)"/gm)) {
        const spec = m[1]!;
        if (spec.startsWith("node:")) continue;
        const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
        seen.add(name);
        if (!allowed.has(name)) missing.add(`${name} (${file.slice(app.length + 1)})`);
      }
    }
    // The scan sees the build's imports at all (a pattern that matched nothing would pass anything).
    expect(seen).toContain("grammy");
    expect([...missing]).toEqual([]);
  });

  it("starts in production mode, polls the Bot API, answers /start, serves the Mini App, and exits 0 on SIGTERM", async () => {
    const [command, ...args] = await dockerCmd();
    expect(command).toBe("node");
    const port = await freePort();
    const child = spawn(process.execPath, args, {
      cwd: app,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        LOG_FORMAT: "json",
        ...sandboxedBotEnv(emulator!, sandbox!, dataDir!),
        // The Mini App, served alone (no playground in production) on PORT behind an https proxy.
        PORT: String(port),
        WEBAPP_URL: "https://bot.example.com/app/",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      // Polling: a getUpdates is held open by the emulator.
      await emulator!.waitFor(() => emulator!.isPolling() || child.exitCode !== null, 30_000);
      expect(child.exitCode, output).toBeNull();
      // And it answers from the build (handlers, locales): a person's /start gets a reply.
      const person = emulator!.user({ id: 4242, first_name: "Ada" });
      person.sendText("/start");
      await emulator!.waitFor(() => emulator!.chat(4242).count() > 0, 15_000);
      expect(output).toContain('"mode":"production"');
      // The page and its modules are in the image: read beside dist/ at run time, never built.
      for (const name of ["", "app.js", "element.js", "clipboard.js"]) {
        const asset = await fetch(`http://127.0.0.1:${port}/app/${name}`);
        expect(asset.status, `/app/${name}`).toBe(200);
        expect(asset.headers.get("content-security-policy"), `/app/${name}`).toContain("script-src 'self'");
      }
      child.kill("SIGTERM");
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("timeout"), 20_000))]);
      expect(code, output).toBe(0);
      expect(output).toContain("stopped cleanly");
      expect(output).not.toContain(TOKEN);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 60_000);
});
