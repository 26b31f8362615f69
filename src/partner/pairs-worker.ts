/**
 * Reading a large `pairs` answer in a worker thread.
 *
 * A real service's answer is about 9 MB of JSON. `JSON.parse` of it is one call that cannot be
 * sliced: 50-130 ms on a 2-core machine, during which the bot answers nobody. So a large answer's
 * bytes go to a short-lived worker, which parses and checks them (as `parsePairs` in schema.ts
 * does) and sends back a compact form: the distinct codes once, and the pairs as numbers in two
 * typed arrays, transferred without copying. Sending the parsed object back instead would cost the
 * main thread about as much as parsing it (structured clone of 800,000 strings).
 *
 * The worker's code is a plain JavaScript string run with `eval`, so it works the same under tsx,
 * vitest and the compiled build (a .ts worker file would need a loader in each). A test checks it
 * against `parsePairs` on the same answers.
 */
import { Worker } from "node:worker_threads";
import { elementAt } from "../domain/checked.js";
import type { PairMap } from "../domain/types.js";

/** What the worker found; the client turns everything but "ok" into a PartnerError. */
export type PairsOutcome =
  | { kind: "ok"; pairs: PairMap }
  | { kind: "not-json" }
  | { kind: "rejected"; message: string | undefined }
  | { kind: "invalid"; field: string; detail: string };

/** The compact form the worker sends back. */
interface CompactPairs {
  kind: "ok";
  /** Keys, normalised, in the answer's order. */
  keys: string[];
  /** Distinct target codes, normalised. */
  codes: string[];
  /** Targets of keys[k] are targets[offsets[k] .. offsets[k + 1]), as positions in `codes`. */
  offsets: Uint32Array;
  targets: Uint32Array;
}

type WorkerMessage = CompactPairs | Exclude<PairsOutcome, { kind: "ok" }>;

const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");

function read(bytes) {
  let body;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { kind: "not-json" };
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return { kind: "invalid", field: "(body)", detail: "expected an object of pair lists" };
  }
  if (body.result === false) {
    const said = [body.error, body.message].find((v) => typeof v === "string" && v.trim() !== "");
    return { kind: "rejected", message: said === undefined ? undefined : said.trim() };
  }
  // A boolean "result" flag is not a currency code (withoutResultFlag in schema.ts).
  const keys = Object.keys(body).filter((k) => !(k === "result" && typeof body.result === "boolean"));
  let total = 0;
  for (const key of keys) {
    if (!Array.isArray(body[key])) return { kind: "invalid", field: key, detail: "expected an array of currency codes" };
    total += body[key].length;
  }
  const byRaw = new Map();
  const byCode = new Map();
  const codes = [];
  const positionOf = (raw) => {
    let at = byRaw.get(raw);
    if (at !== undefined) return at;
    const code = raw.trim().toUpperCase();
    at = byCode.get(code);
    if (at === undefined) {
      at = codes.length;
      codes.push(code);
      byCode.set(code, at);
    }
    byRaw.set(raw, at);
    return at;
  };
  const offsets = new Uint32Array(keys.length + 1);
  const targets = new Uint32Array(total);
  let n = 0;
  for (let k = 0; k < keys.length; k++) {
    const list = body[keys[k]];
    offsets[k] = n;
    for (let i = 0; i < list.length; i++) {
      const raw = list[i];
      if (typeof raw !== "string") return { kind: "invalid", field: keys[k] + "." + i, detail: "expected a currency code (a string)" };
      targets[n++] = positionOf(raw);
    }
  }
  offsets[keys.length] = n;
  return { kind: "ok", keys: keys.map((k) => k.trim().toUpperCase()), codes, offsets, targets };
}

const result = read(new Uint8Array(workerData));
parentPort.postMessage(result, result.kind === "ok" ? [result.offsets.buffer, result.targets.buffer] : []);
`;

/** Pair entries turned back into arrays between two awaits of the pause. */
const REBUILD_CHECK_EVERY = 20_000;

/**
 * Parses and checks a `pairs` answer's bytes in a worker thread. The bytes are copied to the
 * worker (a memcpy), not transferred, so the caller can still fall back to the main thread if the
 * worker itself fails. Rebuilding the map from the compact form runs here, in slices (`pause`).
 * Rejects only when the worker fails (not for a bad answer: that is an outcome).
 */
export async function parsePairsOffThread(bytes: ArrayBuffer, pause: () => Promise<void>): Promise<PairsOutcome> {
  const message = await new Promise<WorkerMessage>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: bytes });
    let settled = false;
    worker.once("message", (m: WorkerMessage) => {
      settled = true;
      resolve(m);
    });
    worker.once("error", (err) => {
      settled = true;
      reject(err);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`pairs worker exited with code ${code} before answering`));
    });
  });
  if (message.kind !== "ok") return message;

  const { keys, codes, offsets, targets } = message;
  const pairs: PairMap = {};
  let sincePause = 0;
  for (let k = 0; k < keys.length; k++) {
    const start = elementAt(offsets, k);
    const end = elementAt(offsets, k + 1);
    const list = new Array<string>(end - start);
    for (let i = start; i < end; i++) list[i - start] = elementAt(codes, elementAt(targets, i));
    pairs[elementAt(keys, k)] = list;
    sincePause += end - start + 1;
    if (sincePause >= REBUILD_CHECK_EVERY) {
      sincePause = 0;
      await pause();
    }
  }
  return { kind: "ok", pairs };
}
