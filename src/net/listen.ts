import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Starts `server` on `host:port` (port 0 = any free port) and resolves with its base URL,
 * "http://127.0.0.1:PORT". A failure to bind (the port is taken) rejects instead of crashing.
 * The sandbox exchange, the Bot API emulator and the playground all start this way.
 */
export async function listen(server: Server, port = 0, host = "127.0.0.1"): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${shownHost}:${address.port}`;
}

/** A loopback port nothing listens on right now (for a server whose address must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const url = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return Number(new URL(url).port);
}
