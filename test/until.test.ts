import { expect, it } from "vitest";
import { until } from "./until.js";

it("resolves once a sync or async check holds, and rejects with the wait when it never does", async () => {
  let n = 0;
  await until(() => ++n >= 3, 1_000, 1);
  expect(n).toBe(3);
  await until(() => Promise.resolve(true), 1_000);
  await expect(until(() => false, 30, 5)).rejects.toThrow("did not hold within 30 ms");
});
