/**
 * Errors the store throws. Messages name the file and say what to do, and never contain the
 * file's content (it may hold users' addresses).
 */

/**
 * The data file exists but cannot be used: unreadable (permissions, a directory), not JSON, or
 * JSON of the wrong shape. The file is left exactly as it was; start-up must stop.
 */
export class StoreCorruptError extends Error {
  override readonly name = "StoreCorruptError";
  /** Absolute path of the file that was refused. */
  readonly file: string;

  constructor(file: string, problem: string, options?: { cause?: unknown }) {
    super(
      `The data file ${file} cannot be used: ${problem}. ` +
        `It was left untouched. Restore a good backup over it, or move it aside to start with an empty store.`,
      options,
    );
    this.file = file;
  }
}

/**
 * The data file was written by a newer version of the bot (its schemaVersion is higher than this
 * code knows). Refused rather than guessed at; the file is left untouched.
 */
export class StoreVersionError extends Error {
  override readonly name = "StoreVersionError";
  readonly file: string;
  readonly fileVersion: number;
  readonly supportedVersion: number;

  constructor(file: string, fileVersion: number, supportedVersion: number) {
    super(
      `The data file ${file} has schema version ${fileVersion}, but this version of the bot only ` +
        `understands up to ${supportedVersion}. It was left untouched. Run the newer bot, or restore ` +
        `a backup made for this version (db.json.bak-v<N>).`,
    );
    this.file = file;
    this.fileVersion = fileVersion;
    this.supportedVersion = supportedVersion;
  }
}

/** What the store could not do with its data directory. */
export type DataDirProblem = "create" | "write";

/**
 * The data directory cannot be created or written to (a file in the way, no permission, a
 * read-only or full disk). Nothing was read or written: there is no data to restore, the folder
 * itself must be fixed. `code` is the OS's errno code ("EACCES", "ENOTDIR", …).
 */
export class DataDirError extends Error {
  override readonly name = "DataDirError";

  constructor(
    /** Absolute path of the directory. */
    readonly dir: string,
    readonly problem: DataDirProblem,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(
      `The data directory ${dir} ${problem === "create" ? "cannot be created" : "cannot be written to"}: ${osReason(code)} (${code}).`,
      options,
    );
  }
}

/** The OS's reason in words, for the codes a data directory runs into. */
export function osReason(code: string): string {
  switch (code) {
    case "ENOTDIR":
    case "EEXIST":
      return "a part of the path is a file, not a folder";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EROFS":
      return "the file system is read-only";
    case "ENOSPC":
      return "no space left on the device";
    case "EDQUOT":
      return "the disk quota is used up";
    case "ENAMETOOLONG":
      return "the path is too long";
    case "ELOOP":
      return "too many symbolic links in the path";
    default:
      return "the operating system refused";
  }
}

/** A write was attempted after {@link Store.close}. */
export class StoreClosedError extends Error {
  override readonly name = "StoreClosedError";
  constructor() {
    super("The store is closed; no further changes are accepted.");
  }
}
