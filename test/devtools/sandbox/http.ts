/** A raw HTTP helper for sandbox tests: calls an endpoint with Node's fetch and returns status and parsed body. */
import type { SandboxServer } from "../../../src/devtools/sandbox/server.js";

export interface RawAnswer {
  status: number;
  // The tests inspect arbitrary JSON shapes; indexing `any` keeps the assertions readable.
  body: any;
}

/** GET {url}/{endpoint}?key=…&params; `key: null` leaves the key out. */
export async function call(
  sandbox: SandboxServer,
  endpoint: string,
  params: Record<string, string> = {},
  key: string | null = sandbox.apiKey,
): Promise<RawAnswer> {
  const url = new URL(`${sandbox.url}/${endpoint}`);
  if (key !== null) url.searchParams.set("key", key);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // leave the raw text: some tests expect malformed bodies
  }
  return { status: res.status, body };
}
