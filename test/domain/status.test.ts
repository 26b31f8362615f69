import { describe, expect, it } from "vitest";
import {
  FINAL_STATUSES,
  isFailureStatus,
  isFinalStatus,
  isMilestone,
  milestonesBetween,
  NEUTRAL_STATUS_ICON,
  parseServiceDate,
  progressStep,
  statusIcon,
} from "../../src/domain/status.js";
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

describe("progressStep", () => {
  it("walks the happy path from 1 to 5", () => {
    expect(["waiting_deposit", "deposit_received", "exchanging", "sending", "success"].map(progressStep)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps a retried payout at the sending step and draws no bar for the other endings or unknown statuses", () => {
    expect(progressStep("sending_failed")).toBe(4);
    for (const s of ["failed", "reverted", "time_expired", "something_new", "constructor", "__proto__"]) {
      expect(progressStep(s)).toBeUndefined();
    }
  });
});

describe("statusIcon", () => {
  it("has a distinct icon for every known status and a neutral one for anything else", () => {
    const icons = KNOWN_STATUSES.map(statusIcon);
    expect(new Set(icons).size).toBe(KNOWN_STATUSES.length);
    expect(icons).not.toContain(NEUTRAL_STATUS_ICON);
    expect(statusIcon("on_hold")).toBe(NEUTRAL_STATUS_ICON);
    expect(statusIcon("toString")).toBe(NEUTRAL_STATUS_ICON);
    expect(statusIcon("")).toBe(NEUTRAL_STATUS_ICON);
  });
});

describe("milestones", () => {
  it("are the deposit, the success and every way of going wrong", () => {
    expect(KNOWN_STATUSES.filter(isMilestone).sort()).toEqual(
      ["deposit_received", "failed", "reverted", "sending_failed", "success", "time_expired"].sort(),
    );
    expect(KNOWN_STATUSES.filter(isFailureStatus).sort()).toEqual(["failed", "reverted", "sending_failed", "time_expired"]);
    expect(isMilestone("mystery")).toBe(false);
  });

  it("lists what is due between the last notified status and the current one, in order", () => {
    expect(milestonesBetween("waiting_deposit", "deposit_received")).toEqual(["deposit_received"]);
    expect(milestonesBetween("waiting_deposit", "exchanging")).toEqual(["deposit_received"]);
    expect(milestonesBetween("deposit_received", "exchanging")).toEqual([]);
    expect(milestonesBetween("sending", "success")).toEqual(["success"]);
    expect(milestonesBetween("waiting_deposit", "success")).toEqual(["success"]);
    expect(milestonesBetween("waiting_deposit", "time_expired")).toEqual(["time_expired"]);
    expect(milestonesBetween("sending", "sending_failed")).toEqual(["sending_failed"]);
    expect(milestonesBetween("success", "success")).toEqual([]);
    expect(milestonesBetween("waiting_deposit", "on_hold")).toEqual([]);
    expect(milestonesBetween(undefined, "deposit_received")).toEqual(["deposit_received"]);
  });
});

describe("parseServiceDate", () => {
  it("reads DD.MM.YYYY HH:MM:SS as UTC", () => {
    expect(parseServiceDate("05.03.2024 17:08:09")?.toISOString()).toBe("2024-03-05T17:08:09.000Z");
    expect(parseServiceDate(" 31.12.1999 23:59:59 ")?.toISOString()).toBe("1999-12-31T23:59:59.000Z");
    expect(parseServiceDate("29.02.2024 00:00:00")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });

  it("gives undefined, never a throw or a rolled-over date, for anything else", () => {
    for (const bad of [
      "",
      "2024-03-05 17:08:09",
      "31.02.2024 10:00:00",
      "29.02.2023 00:00:00",
      "05.03.2024 24:00:00",
      "05.03.2024 17:60:00",
      "5.3.2024 1:2:3",
      "05.03.2024",
      "05.13.2024 00:00:00",
      "xx.03.2024 17:08:09",
    ]) {
      expect(parseServiceDate(bad)).toBeUndefined();
    }
  });
});
