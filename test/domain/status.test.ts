import { describe, expect, it } from "vitest";
import { FINAL_STATUSES, isFinalStatus } from "../../src/domain/status.js";
import { KNOWN_STATUSES } from "../../src/domain/types.js";

describe("isFinalStatus", () => {
  it("is true exactly for success, failed, reverted and time_expired", () => {
    const final = KNOWN_STATUSES.filter((s) => isFinalStatus(s));
    expect(final.sort()).toEqual(["failed", "reverted", "success", "time_expired"]);
    expect([...FINAL_STATUSES].sort()).toEqual(final);
  });

  it("treats sending_failed and unknown statuses as not final, so they keep being polled", () => {
    expect(isFinalStatus("sending_failed")).toBe(false);
    expect(isFinalStatus("something_new")).toBe(false);
    expect(isFinalStatus("SUCCESS")).toBe(false);
  });
});
