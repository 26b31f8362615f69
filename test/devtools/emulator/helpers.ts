/** Shared helpers for the emulator tests. */
import { Api, GrammyError } from "grammy";
import { afterEach } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../../src/devtools/emulator/server.js";

/** Starts an emulator per test and closes it afterwards. */
export function useEmulator(options: EmulatorOptions = {}): { emu: () => Emulator; api: () => Api; start: () => Promise<Emulator> } {
  let current: Emulator | undefined;
  let api: Api | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
    api = undefined;
  });
  return {
    start: async () => {
      current = await startEmulator(options);
      api = new Api(current.token, { apiRoot: current.apiRoot });
      return current;
    },
    emu: () => {
      if (current === undefined) throw new Error("call start() first");
      return current;
    },
    api: () => {
      if (api === undefined) throw new Error("call start() first");
      return api;
    },
  };
}

/** Awaits a call that must fail, and returns grammY's error for assertions. */
export async function rejection(call: Promise<unknown>): Promise<GrammyError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof GrammyError) return err;
    throw err;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/** A valid 1×1 PNG. */
export const PNG_1x1 = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a0a3cf2f0000000049454e44ae426082",
  "hex",
);
