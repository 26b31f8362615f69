import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { ALL_PARTNER_FEATURES, PARTNER_FEATURE_NAMES, type PartnerFeature } from "../../src/partner/features.js";

describe("PARTNER_FEATURES", () => {
  it("is empty when unset: the bot speaks only the contract", () => {
    expect(loadConfig({}).partnerFeatures.size).toBe(0);
  });

  it("reads a comma list, in any case and spacing", () => {
    const names: PartnerFeature[] = ["fixed", "history"];
    expect([...loadConfig({ PARTNER_FEATURES: " Fixed ,history," }).partnerFeatures].sort()).toEqual(names);
  });

  it("takes every published name", () => {
    expect(loadConfig({ PARTNER_FEATURES: PARTNER_FEATURE_NAMES.join(",") }).partnerFeatures).toEqual(ALL_PARTNER_FEATURES);
  });

  it("refuses an unknown name, naming it", () => {
    expect(() => loadConfig({ PARTNER_FEATURES: "fixed,fast" })).toThrow(ConfigError);
    expect(() => loadConfig({ PARTNER_FEATURES: "fixed,fast" })).toThrow(/PARTNER_FEATURES.*unknown: fast/);
  });
});
