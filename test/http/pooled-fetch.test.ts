import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../until.js";
import { AnswerTooLargeError, createPooledFetch, pooledFetch } from "../../src/http/pooled-fetch.js";

/** grammY's AbortController in Node (its own polyfill): the signal every Bot API call carries. */
const { AbortController: GrammyAbortController } = createRequire(createRequire(import.meta.url).resolve("grammy"))("abort-controller") as {
  AbortController: typeof AbortController;
};

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A loopback server: `answer` decides what each request gets (nothing at all, if it never ends it). */
async function serve(answer: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(answer);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("pooledFetch", () => {
  it("sends method, headers and body, and answers as a fetch Response with status, headers and JSON", async () => {
    const seen: Array<{ method?: string; url?: string; type?: string; body: string }> = [];
    const root = await serve((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, type: req.headers["content-type"], body });
        res.writeHead(201, { "content-type": "application/json", "x-two": ["a", "b"] }).end('{"ok":true,"result":7}');
      });
    });
    const res = await pooledFetch(`${root}/bot1:x/sendMessage?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json", connection: "keep-alive" },
      body: '{"chat_id":1}',
    });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("x-two")).toBe("a, b");
    expect(await res.json()).toEqual({ ok: true, result: 7 });
    expect(seen).toEqual([{ method: "POST", url: "/bot1:x/sendMessage?x=1", type: "application/json", body: '{"chat_id":1}' }]);
  });

  it("reads a body once, as a fetch Response does: bodyUsed, then a TypeError; a clone made before has its own", async () => {
    const root = await serve((req, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(req.url === "/bad" ? "not json" : '{"ok":true,"text":"é"}'),
    );
    const res = await pooledFetch(`${root}/bot1:x/getMe`);
    const copy = res.clone();
    expect(res.bodyUsed).toBe(false);
    expect(await res.text()).toBe('{"ok":true,"text":"é"}');
    expect(res.bodyUsed).toBe(true);
    await expect(res.json()).rejects.toThrow(TypeError);
    await expect(res.arrayBuffer()).rejects.toThrow(TypeError);
    expect(() => res.clone()).toThrow(TypeError);
    expect(new TextDecoder().decode(await copy.arrayBuffer())).toBe('{"ok":true,"text":"é"}');

    // As a stream, for a caller that reads it so; the methods then find it used.
    const streamed = await pooledFetch(`${root}/bot1:x/getMe`);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed.body as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(JSON.parse(Buffer.concat(chunks).toString("utf8"))).toEqual({ ok: true, text: "é" });
    expect(streamed.bodyUsed).toBe(true);
    await expect(streamed.json()).rejects.toThrow(TypeError);

    await expect((await pooledFetch(`${root}/bad`)).json()).rejects.toThrow(SyntaxError);
  });

  it.each([
    ["grammY's AbortController", GrammyAbortController],
    ["Node's AbortController", AbortController],
  ])("ends a request nobody answers when %s aborts it", async (_, Controller) => {
    const root = await serve(() => undefined);
    const controller = new Controller();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    await expect(pooledFetch(`${root}/bot1:x/getUpdates`, { method: "POST", body: "{}", signal: controller.signal })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("rejects with the system error's code when nothing listens", async () => {
    const root = await serve(() => undefined);
    server!.close();
    await new Promise((resolve) => server!.once("close", resolve));
    await expect(pooledFetch(`${root}/x`)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("cuts an answer that never ends at the cap, naming the method and never the token, and closes its connection", async () => {
    let closed = false;
    const root = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, "0");
      res.on("close", () => (closed = true));
      const pump = (): void => {
        while (!closed && res.write(chunk));
        if (!closed) res.once("drain", pump);
      };
      pump();
    });
    const rssBefore = process.memoryUsage().rss;
    const limited = createPooledFetch({ maxAnswerBytes: 2 * 1024 * 1024 });
    const err = await limited(`${root}/bot1:SECRET/getUpdates?offset=5`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect(err).toMatchObject({ call: "getUpdates", limitBytes: 2 * 1024 * 1024 });
    expect((err as Error).message).toBe(`the answer to getUpdates is over ${2 * 1024 * 1024} bytes; reading stopped`);
    expect((err as Error).message).not.toContain("SECRET");
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    await until(() => closed);
  });

  it("refuses an answer that declares a length over the cap without reading it, and takes one at the cap", async () => {
    const body = Buffer.alloc(1000, "1");
    const root = await serve((req, res) => {
      const size = req.url === "/bot1:x/long" ? 1001 : 1000;
      res
        .writeHead(200, { "content-type": "application/json", "content-length": size })
        .end(Buffer.concat([body, Buffer.from("1")]).subarray(0, size));
    });
    const limited = createPooledFetch({ maxAnswerBytes: 1000 });
    await expect(limited(`${root}/bot1:x/long`)).rejects.toMatchObject({ name: "AnswerTooLargeError", call: "long" });
    expect((await (await limited(`${root}/bot1:x/fits`)).arrayBuffer()).byteLength).toBe(1000);
  });

  it("reads an answer of undeclared length (chunked) whole when it fits", async () => {
    const root = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"ok":true,');
      res.end('"result":[1,2,3]}');
    });
    const res = await createPooledFetch({ maxAnswerBytes: 64 })(`${root}/bot1:x/getMe`);
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    expect(await res.json()).toEqual({ ok: true, result: [1, 2, 3] });
  });

  it("refuses a Request object, whose method and body it would not read", async () => {
    await expect(pooledFetch(new Request("http://127.0.0.1:1/x") as never)).rejects.toThrow(/not a Request/);
  });
});
