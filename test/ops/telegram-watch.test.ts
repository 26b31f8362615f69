import { describe, expect, it } from "vitest";
import { watchTelegram } from "../../src/ops/telegram-watch.js";

type Call = Parameters<Parameters<typeof watchTelegram>[0]["onCall"]>;

describe("watchTelegram", () => {
  const setup = () => {
    const calls: Call[] = [];
    const transformer = watchTelegram({ onCall: (...c) => calls.push(c) });
    // The transformer's types tie `prev` to grammY's method table; a plain stub is enough here.
    const run = (prev: () => Promise<unknown>, signal?: AbortSignal) =>
      (transformer as unknown as (p: typeof prev, m: string, payload: object, s?: AbortSignal) => Promise<unknown>)(
        prev,
        "getUpdates",
        {},
        signal,
      );
    return { calls, run };
  };

  it("reports an answer, an error answer by its code, and no answer as network", async () => {
    const { calls, run } = setup();
    await run(() => Promise.resolve({ ok: true, result: [] }));
    await run(() => Promise.resolve({ ok: false, error_code: 409, description: "Conflict" }));
    await expect(run(async () => Promise.reject(new Error("ECONNREFUSED")))).rejects.toThrow("ECONNREFUSED");
    expect(calls).toEqual([
      ["getUpdates", { ok: true }],
      ["getUpdates", { ok: false, code: 409, reason: "409" }],
      ["getUpdates", { ok: false, code: "network", reason: "Error" }],
    ]);
  });

  it("says nothing about a call aborted by a stop", async () => {
    const { calls, run } = setup();
    const abort = new AbortController();
    abort.abort();
    await expect(run(async () => Promise.reject(new Error("aborted")), abort.signal)).rejects.toThrow();
    expect(calls).toEqual([]);
  });
});
