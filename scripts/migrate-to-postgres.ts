/**
 * `npm run migrate:to-postgres [-- --json]`: copies the lowdb installation in DATA_DIR into the
 * PostgreSQL database at DATABASE_URL (see src/store/postgres/copy-from-files.ts), then prints
 * what it copied: a table, or with `--json` the report as one JSON object. Stop the bot first.
 *
 * Exit status 0 when everything was copied (or already there), 1 with a one-line reason otherwise.
 * The password in DATABASE_URL is never printed: the address is shown as `user:***@host`, and any
 * message from the database is searched for the password before it is shown.
 */
import { config as loadDotenv } from "dotenv";
import pg from "pg";
import { DEFAULT_DATA_DIRS } from "../src/config.js";
import { copyFilesToPostgres, formatCopyReport } from "../src/store/postgres/copy-from-files.js";

loadDotenv({ quiet: true });

const json = process.argv.includes("--json");
const url = process.env.DATABASE_URL?.trim() ?? "";
const dataDir = process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIRS.production;

/** The URL's password (decoded), to be kept out of everything printed. */
let password = "";

function fail(reason: string): never {
  process.stderr.write(`migrate:to-postgres: ${scrub(reason).replace(/\s*\n\s*/g, " ")}\n`);
  process.exit(1);
}

function scrub(text: string): string {
  if (password === "") return text;
  return text.split(password).join("***").split(encodeURIComponent(password)).join("***");
}

if (url === "") fail("DATABASE_URL is not set: the database to copy into, as postgres://user:password@host:5432/name.");
let parsed: URL;
try {
  parsed = new URL(url);
} catch {
  fail("DATABASE_URL is not a URL; it should look like postgres://user:password@host:5432/name.");
}
if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
  fail(`DATABASE_URL starts with ${parsed.protocol}// but should start with postgres://.`);
}
password = decodeURIComponent(parsed.password);
const shown = new URL(url);
if (shown.password !== "") shown.password = "***";
const where = shown.toString();

const log = (line: string) => process.stderr.write(`${scrub(line)}\n`);
/** Progress goes to stderr (stdout carries the report only); the store's structured lines by their message. */
const lastText = (a: unknown[]) => a.filter((x): x is string => typeof x === "string").join(" ");
const logger = {
  info: (...a: unknown[]) => log(`  ${lastText(a)}`),
  warn: (...a: unknown[]) => log(`  warning: ${lastText(a)}`),
  error: (...a: unknown[]) => log(`  error: ${lastText(a)}`),
};

log(`Copying ${dataDir}${process.env.DATA_DIR ? "" : " (DATA_DIR is not set: the production default)"} into ${where}`);
const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 15_000 });
// An idle connection dropped by the server must not crash the process with an unhandled event.
pool.on("error", () => undefined);
try {
  const report = await copyFilesToPostgres({ dataDir, pool, logger });
  if (json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    process.stdout.write(
      `Copied ${report.dataDir} into ${where} in ${(report.ms / 1000).toFixed(1)} s.\n\n${formatCopyReport(report)}\n\n` +
        "Nothing in PostgreSQL was overwritten; running this again copies only what is missing.\n",
    );
  }
} catch (err) {
  await pool.end().catch(() => undefined);
  fail(reasonOf(err));
}
await pool.end();

/** One line on what went wrong, naming the database by its password-free address. */
function reasonOf(err: unknown): string {
  const code = errorCode(err);
  if (code !== undefined && /^E[A-Z]+$/.test(code)) return `PostgreSQL at ${where} cannot be reached (${code}).`;
  if (err instanceof pg.DatabaseError) return `PostgreSQL at ${where}: ${err.message}`;
  if (err instanceof Error && /timeout/i.test(err.message) && /connect/i.test(err.message)) {
    return `PostgreSQL at ${where} did not answer in time (${err.message}).`;
  }
  if (err instanceof Error && err.cause !== undefined) return `${err.message} (${reasonOf(err.cause)})`;
  return err instanceof Error ? err.message : String(err);
}

/** A system error's code; connecting to "localhost" fails with one per address, in an AggregateError. */
function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; errors?: unknown };
  if (typeof e.code === "string") return e.code;
  if (Array.isArray(e.errors)) return errorCode(e.errors[0]);
  return undefined;
}
