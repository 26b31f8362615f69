import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { listen } from "../../src/net/listen.js";
import { readBody } from "../../src/net/read-body.js";

describe("readBody", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
  });

  /** A server that answers 200 with the body's length, or 413 when it is over `limit`. */
  async function start(limit: number): Promise<string> {
    server = createServer((req, res) => {
      readBody(req, limit, () => new Error("too large")).then(
        (body) => res.end(String(body.length)),
        () => {
          res.statusCode = 413;
          res.end();
        },
      );
    });
    return listen(server);
  }

  it("reads a body up to the limit", async () => {
    const url = await start(10);
    const res = await fetch(url, { method: "POST", body: "0123456789" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("10");
  });

  it("refuses a body over the limit instead of buffering it", async () => {
    const url = await start(10);
    const status = await fetch(url, { method: "POST", body: "x".repeat(100_000) }).then(
      (res) => res.status,
      () => "connection closed",
    );
    // Either the 413 arrives or the destroyed socket ends the request: never a 200.
    expect([413, "connection closed"]).toContain(status);
  });
});
