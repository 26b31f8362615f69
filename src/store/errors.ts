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

/** A write was attempted after {@link Store.close}. */
export class StoreClosedError extends Error {
  override readonly name = "StoreClosedError";
  constructor() {
    super("The store is closed; no further changes are accepted.");
  }
}
