import { afterEach, describe, expect, it } from "vitest";
import { parsePairsOffThread, type PairsOutcome } from "../../src/partner/pairs-worker.js";
import { parsePairs, withoutResultFlag } from "../../src/partner/schema.js";
import { createPartnerClient, type PartnerClientOptions } from "../../src/partner/client.js";
import { PartnerError } from "../../src/partner/errors.js";
import { startSandbox, type SandboxOptions } from "../../src/devtools/sandbox/server.js";

const noPause = () => Promise.resolve();
const bytesOf = (text: string): ArrayBuffer => {
  const b = Buffer.from(text);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};
const offThread = (body: unknown) => parsePairsOffThread(bytesOf(JSON.stringify(body)), noPause);

/** What the main thread makes of the same body, in the worker's terms. */
async function onMainThread(body: unknown): Promise<PairsOutcome> {
  if (typeof body === "object" && body !== null && (body as { result?: unknown }).result === false) {
    const b = body as { error?: string; message?: string };
    return { kind: "rejected", message: (b.error ?? b.message)?.trim() };
  }
  try {
    return { kind: "ok", pairs: await parsePairs("pairs", withoutResultFlag(body)) };
  } catch (err) {
    const m = /field "(.*)": (.*)$/.exec((err as PartnerError).message);
    return { kind: "invalid", field: m![1]!, detail: m![2]! };
  }
}

describe("parsePairsOffThread", () => {
  it("reads pairs exactly as parsePairs does on the main thread, good answers and bad", async () => {
    const bodies: unknown[] = [
      { BTC: ["ETH", "LTC"], ETH: ["BTC"] },
      { btc: [" eth ", "Ltc"], " xrp ": [], result: true },
      { BTC: ["ETH"], btc: ["LTC"] },
      {},
      [["BTC", "ETH"]],
      "pairs",
      null,
      { BTC: ["ETH"], ETH: "BTC" },
      { BTC: ["ETH", 7] },
      { BTC: [{ code: "ETH" }] },
      { result: false, error: " service down " },
      { result: false, message: "maintenance" },
    ];
    for (const body of bodies) {
      expect(await offThread(body), JSON.stringify(body)).toEqual(await onMainThread(body));
    }
  });

  it("says when the bytes are not JSON, and copes with a UTF-8 byte order mark", async () => {
    expect(await parsePairsOffThread(bytesOf('{"BTC":["ETH"'), noPause)).toEqual({ kind: "not-json" });
    expect(await parsePairsOffThread(bytesOf('\uFEFF{"BTC":["ETH"]}'), noPause)).toEqual({ kind: "ok", pairs: { BTC: ["ETH"] } });
  });

  it("rebuilds a large answer in slices, pausing between them", async () => {
    const codes = Array.from({ length: 400 }, (_, i) => `C${i}`);
    const body = Object.fromEntries(codes.map((c) => [c, codes.filter((t) => t !== c)]));
    let pauses = 0;
    const outcome = await parsePairsOffThread(bytesOf(JSON.stringify(body)), () => {
      pauses++;
      return Promise.resolve();
    });
    expect(outcome.kind).toBe("ok");
    expect(outcome.kind === "ok" && outcome.pairs).toEqual(body);
    expect(pauses).toBeGreaterThanOrEqual(7);
  });
});

describe("the client reads a large pairs answer off the main thread", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  async function clients(sandboxOpts: SandboxOptions = {}, extra: Partial<PartnerClientOptions> = {}) {
    const sandbox = await startSandbox(sandboxOpts);
    const make = (o: Partial<PartnerClientOptions>) => {
      const c = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retries: 0, ...extra, ...o });
      cleanups.push(() => c.close());
      return c;
    };
    cleanups.push(() => sandbox.close());
    return { sandbox, worker: make({ offThreadPairsMinBytes: 0 }), main: make({ offThreadPairsMinBytes: Number.POSITIVE_INFINITY }) };
  }

  it("gives the same pairs either way", async () => {
    const { worker, main } = await clients();
    expect(await worker.pairs()).toEqual(await main.pairs());
  });

  it("turns a bad answer into the same PartnerError either way, and reports the attempt", async () => {
    const events: { ok: boolean; errorKind?: string }[] = [];
    const { sandbox, worker, main } = await clients({}, { onRequest: (e) => events.push(e) });
    for (const [fault, kind, text] of [
      [{ kind: "malformed" } as const, "invalid-response", "not valid JSON"],
      [{ kind: "malformed", shape: "wrong-shape" } as const, "invalid-response", 'field "unexpected.0"'],
      [{ kind: "rejected", message: "pairs are resting" } as const, "rejected", "pairs are resting"],
    ] as const) {
      for (const client of [worker, main]) {
        sandbox.faults.inject({ endpoint: "pairs", ...fault, times: 1 });
        const err = await client.pairs().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(PartnerError);
        expect(err).toMatchObject({ kind, endpoint: "pairs" });
        expect((err as PartnerError).message).toContain(text);
      }
    }
    // Not JSON is a failed attempt, and so is JSON of the wrong shape once it is read: counted as
    // such on both paths (2 faults × 2 paths).
    expect(events.filter((e) => e.errorKind === "invalid-response")).toHaveLength(4);
  });

  it("reads the large sandbox catalog's 8.6 MB answer through the worker by default", async () => {
    const sandbox = await startSandbox({ catalog: "large" });
    cleanups.push(() => sandbox.close());
    const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    cleanups.push(() => client.close());
    const pairs = await client.pairs();
    expect(Object.keys(pairs).length).toBeGreaterThan(850);
    expect(Object.values(pairs).reduce((n, l) => n + l.length, 0)).toBeGreaterThan(750_000);
    expect(pairs.XMR).toEqual(["BTC", "ETH", "LTC", "USDTTRC20"]);
  });
});
