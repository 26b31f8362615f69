import type { IncomingMessage } from "node:http";

/**
 * Reads a request body of at most `maxBytes`. Past the limit the request is destroyed and the
 * promise rejects with `tooLarge()`, so a client cannot make a local server buffer without end.
 */
export function readBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
