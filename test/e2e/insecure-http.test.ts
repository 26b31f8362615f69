/**
 * ALLOW_INSECURE_HTTP=1 lets a plain http:// address of another machine through the configuration
 * (config.test.ts refuses it without); the app then says so at every start, at warn level.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";

describe("a plain http:// address the operator allowed", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
  });

  it("is warned about at start, naming the variable", async () => {
    h = await startHarness({ env: { TELEGRAM_API_ROOT: "http://bot-api.internal:8081", ALLOW_INSECURE_HTTP: "1" } });
    const warnings = h.logs.map((l) => JSON.parse(l) as { level: number; msg: string; variable?: string }).filter((l) => l.level === 40);
    expect(warnings).toContainEqual(
      expect.objectContaining({ variable: "TELEGRAM_API_ROOT", msg: expect.stringContaining("ALLOW_INSECURE_HTTP=1") as string }),
    );
  });

  it("is not warned about over loopback", async () => {
    h = await startHarness({ env: { TELEGRAM_API_ROOT: "http://127.0.0.1:8081" } });
    expect(h.logs.join("")).not.toContain("ALLOW_INSECURE_HTTP");
  });
});
