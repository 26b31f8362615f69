/** The development tools' hooks (src/devtools/listeners.ts): every listener hears, a broken one is reported later. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { tellListeners } from "../../src/devtools/listeners.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Holds what is scheduled with setImmediate instead of running it, so a test can run it itself. */
function holdImmediates(): (() => void)[] {
  const held: (() => void)[] = [];
  vi.spyOn(globalThis, "setImmediate").mockImplementation((callback: () => void) => {
    held.push(callback);
    return {} as NodeJS.Immediate;
  });
  return held;
}

describe("tellListeners", () => {
  it("tells every listener in order, past one that throws, and throws that error again on a later turn, not to the caller", () => {
    const later = holdImmediates();
    const heard: string[] = [];
    const listeners = new Set<(event: string) => void>([
      (e) => heard.push(`first ${e}`),
      () => {
        throw new Error("a broken hook");
      },
      (e) => heard.push(`third ${e}`),
    ]);
    expect(() => tellListeners(listeners, "call")).not.toThrow();
    expect(heard).toEqual(["first call", "third call"]);
    expect(later).toHaveLength(1);
    expect(() => later[0]!()).toThrow("a broken hook");
  });

  it("tells the listeners there were at the call, when one removes itself or adds another", () => {
    const later = holdImmediates();
    const heard: string[] = [];
    const listeners = new Set<(event: number) => void>();
    const once = (e: number): void => {
      heard.push(`once ${e}`);
      listeners.delete(once);
      listeners.add((n) => heard.push(`added ${n}`));
    };
    listeners.add(once);
    listeners.add((e) => heard.push(`always ${e}`));
    tellListeners(listeners, 1);
    tellListeners(listeners, 2);
    expect(heard).toEqual(["once 1", "always 1", "always 2", "added 2"]);
    expect(later).toEqual([]);
  });
});
