import { describe, expect, it } from "vitest";
import { SAME_SIGNAL_MS, signalJudge } from "../src/stop-signals.js";

describe("stop signals", () => {
  it("takes the first as a clean stop, a relay of it (ms later) as the same, and a later one as a forced exit", () => {
    let now = 10_000;
    const judge = signalJudge(() => now);
    expect(judge()).toBe("stop");
    now += 3; // npm's relay of the terminal's Ctrl-C
    expect(judge()).toBe("repeat");
    now += SAME_SIGNAL_MS; // a person pressing Ctrl-C again while the stop takes long
    expect(judge()).toBe("force");
    expect(judge()).toBe("force");
  });
});
