/**
 * Runs the sandbox exchange on its own, for trying the API by hand:
 *   SANDBOX_PORT=8787 npx tsx src/devtools/sandbox/main.ts        (SANDBOX_CATALOG=large: about 900 coins)
 *   curl 'http://127.0.0.1:8787/api/v1/currencies?key=sandbox-key'
 */
import { startSandbox } from "./server.js";

const port = Number(process.env.SANDBOX_PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`SANDBOX_PORT must be a port number, got "${process.env.SANDBOX_PORT}"`);
  process.exit(1);
}

const catalog = (process.env.SANDBOX_CATALOG ?? "small").trim().toLowerCase() || "small";
if (catalog !== "small" && catalog !== "large") {
  console.error(`SANDBOX_CATALOG must be "small" or "large", got "${process.env.SANDBOX_CATALOG}"`);
  process.exit(1);
}

const sandbox = await startSandbox({ port, catalog });
console.log(`sandbox exchange listening: ${sandbox.url}`);
console.log(`api key: ${sandbox.apiKey}`);
console.log(`try: curl '${sandbox.url}/currencies?key=${sandbox.apiKey}'`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
