/**
 * vitest global setup of the crash project: the bot built once for the run, laid out as the
 * container image lays it out (dist/, node_modules, and what the Dockerfile's runtime stage copies:
 * package.json, locales/, the pages' folders), for every test that
 * runs the production process from its build (they reach it with built-bot.ts): the crash and
 * replica tests' bot (bot-process.ts), the container's entry (test/deploy/entry.test.ts), and
 * main.ts's start-up refusals and waits (test/main.test.ts, test/startup-wait.test.ts).
 *
 * Why a build rather than `--import tsx src/main.ts`: a production deployment runs the build
 * (`npm run start:prod`, the Procfile, the image's CMD), and tsx's module hooks, which run on a
 * thread of their own and see every import, cost more than the bot's own start: measured, a start
 * took 2.2–2.6 s of CPU (3.2–4 s of wall time) through tsx and 0.9–1.15 s (1.5–1.7 s) from the build.
 * The crash tests start the bot about 45 times a run. `npm start`'s own way is kept by
 * test/main.test.ts.
 *
 * The build is the project's (`tsconfig.build.json`) with `--noCheck` and `--noResolve`: the same
 * files byte for byte (compared, the source maps too), in 6.4 s of CPU instead of 18.7 (9.2 with
 * `--noCheck` alone); `npm run typecheck` checks src beside the tests. `--noResolve` leaves out the
 * declarations of the packages src imports, which only a check reads: the build's files are
 * tsconfig.build.json's `include` (the whole of src/), each emitted alone (`isolatedModules`).
 *
 * Beside it, the tests' own child programs (the stores' crash writers, {@link CHILD_PROGRAMS}) are
 * built into `programs/` of the same folder, running on the bot's build: through tsx a run of one
 * took 1.3 s of CPU before its first write, from the build 0.5, and test/store/durability.test.ts
 * and test/store/archive.test.ts run them 23 times (27.9 s of CPU for both files, 13.6–14.9 now).
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { PROGRAMS_FOLDER } from "./built-bot.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the run's build, laid out as the image; empty when the build failed. */
    builtBot: string;
    /** Why the build failed (then every test that runs it fails with this). */
    builtBotError: string;
  }
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** What the Dockerfile of `root` copies in its last stage from the build context (not `--from=` another stage). */
async function runtimeCopies(root: string): Promise<{ sources: string[]; destination: string }[]> {
  const dockerfile = await readFile(join(root, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  return [...runtime.matchAll(/^COPY\s+(?!--)(.+)$/gm)].map((m) => {
    const words = m[1]!.trim().split(/\s+/);
    return { sources: words.slice(0, -1), destination: words.at(-1)! };
  });
}

/**
 * The tests' programs that run as child processes, killed at chosen moments: built with the bot
 * (built-bot.ts's `builtProgram` finds them), so that a run pays for node and the store's modules,
 * not for tsx compiling them again each time.
 */
const CHILD_PROGRAMS = ["test/store/fixtures/crash-writer.ts", "test/store/fixtures/archive-crasher.ts"];

/**
 * {@link CHILD_PROGRAMS} of `root` as JavaScript, with the test files they import, by their paths
 * in the checkout; their imports of `src/` are left to the bot's build. Each file is transpiled
 * alone: the project's `isolatedModules` makes that tsc's output (compared: the same bytes for every
 * file of src/), where a tsc program over them took 6 s of CPU, compiling the whole of src/ they
 * reach again. As ES modules: they lie under the build's package.json ("type": "module"), which
 * tsc's NodeNext reads and a lone transpile cannot.
 */
async function transpileChildPrograms(root: string): Promise<Map<string, string>> {
  // Loaded here, not at the top: a benchmark that only builds the bot does not pay its second of CPU.
  const { default: ts } = await import("typescript");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (parsed === undefined) throw new Error("tsconfig.json could not be read");
  const compilerOptions = { ...parsed.options, module: ts.ModuleKind.ESNext, sourceMap: false, declaration: false };
  const sources = join(root, "src");
  const programs = new Map<string, string>();
  const queue = CHILD_PROGRAMS.map((file) => join(root, file));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const path = relative(root, file);
    if (programs.has(path)) continue;
    const text = await readFile(file, "utf8");
    programs.set(path, ts.transpileModule(text, { compilerOptions, fileName: file }).outputText);
    for (const { fileName } of ts.preProcessFile(text).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const imported = resolve(dirname(file), fileName).replace(/\.js$/, ".ts");
      if (!imported.startsWith(sources + "/")) queue.push(imported);
    }
  }
  return programs;
}

/**
 * Writes the transpiled programs into `app`'s programs folder, at their paths in the checkout,
 * with a `src` link to the build's `dist`: a program's imports of `src/` run the very modules the
 * bot runs.
 */
async function writeChildPrograms(app: string, programs: Map<string, string>): Promise<void> {
  const out = join(app, PROGRAMS_FOLDER);
  await mkdir(out, { recursive: true });
  await symlink("../dist", join(out, "src"), "dir");
  for (const [path, text] of programs) {
    const target = join(out, path.replace(/\.ts$/, ".js"));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}

/**
 * Builds the bot of checkout `root` (default: this one; a benchmark's copy of an earlier commit)
 * into a new folder laid out as the image's; returns the folder.
 */
export async function buildBot(root: string = ROOT): Promise<string> {
  const app = await mkdtemp(join(tmpdir(), "swapbot-image-"));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        join(root, "node_modules/typescript/bin/tsc"),
        "-p",
        "tsconfig.build.json",
        "--noCheck",
        "--noResolve",
        "--outDir",
        join(app, "dist"),
      ],
      { cwd: root },
    );
    // The runtime stage's COPY lines, read from the Dockerfile, so a file the image lacks is
    // lacking here too (the build stage's dist/ is the tsc run above).
    for (const { sources, destination } of await runtimeCopies(root)) {
      for (const source of sources) {
        const target = destination.endsWith("/") ? join(app, destination, basename(source)) : join(app, destination);
        await cp(join(root, source), target, { recursive: true });
      }
    }
    await symlink(join(root, "node_modules"), join(app, "node_modules"), "dir");
    return app;
  } catch (err) {
    await rm(app, { recursive: true, force: true });
    // tsc says what is wrong on its standard output.
    const said = (err as { stdout?: string }).stdout?.trim();
    throw new Error(said ? `${(err as Error).message}\n${said}` : (err as Error).message, { cause: err });
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let app: string | undefined;
  try {
    // The programs are transpiled in this process while tsc builds the bot in its own.
    const programs = transpileChildPrograms(ROOT);
    // Awaited below; handled here too, so that a failed build first does not leave it unhandled.
    programs.catch(() => undefined);
    app = await buildBot();
    await writeChildPrograms(app, await programs);
    project.provide("builtBot", app);
    project.provide("builtBotError", "");
  } catch (err) {
    // Not thrown: vitest would end the run with it. The tests that run the build fail with it.
    project.provide("builtBot", "");
    project.provide("builtBotError", `the bot could not be built: ${(err as Error).message}`);
  }
  return async () => {
    if (app !== undefined) await rm(app, { recursive: true, force: true });
  };
}
