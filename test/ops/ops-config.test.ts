import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, secretsOf } from "../../src/config.js";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("PORT and METRICS_TOKEN", () => {
  it("are unset by default: no ops server, no token (/metrics over loopback only)", () => {
    expect(loadConfig({})).toMatchObject({ port: undefined, metricsToken: undefined });
  });
  it("reads a port and a token", () => {
    expect(loadConfig({ PORT: " 8081 ", METRICS_TOKEN: "abcdefghijklmnop" })).toMatchObject({
      port: 8081,
      metricsToken: "abcdefghijklmnop",
    });
  });
  it.each(["http", "-1", "70000", "80.5"])("names PORT=%s as bad", (port) => {
    expect(problemsOf({ PORT: port }).join("\n")).toMatch(/^PORT must be a port number/m);
  });
  it("names a short METRICS_TOKEN without echoing it", () => {
    const problems = problemsOf({ METRICS_TOKEN: "short-secret" }).join("\n");
    expect(problems).toMatch(/^METRICS_TOKEN must be at least 16/m);
    expect(problems).not.toContain("short-secret");
  });
  it("refuses a token with spaces, without echoing it", () => {
    const problems = problemsOf({ METRICS_TOKEN: "has a space in the middle" }).join("\n");
    expect(problems).toMatch(/^METRICS_TOKEN/m);
    expect(problems).not.toContain("has a space");
  });
  it("redacts the token from logs", () => {
    expect(secretsOf(loadConfig({ METRICS_TOKEN: "abcdefghijklmnop" }))).toContain("abcdefghijklmnop");
  });
});
