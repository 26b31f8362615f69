/**
 * What `npm start` runs: the app alone in production, or, in sandbox and trial modes, the
 * development tools around it (sandbox exchange, Bot API emulator, playground page).
 *
 * The tools are about a third of the source and a production deployment never uses them, so they
 * are loaded here by dynamic import only: nothing on the production entry's static import graph
 * reaches `src/devtools/` (test/production-imports.test.ts holds that).
 */
import type { Config, ProductionConfig } from "./config.js";
import type { Logger } from "./log.js";
import { startApp, type App } from "./app.js";

/** What {@link startSystem} started. */
export interface RunningSystem {
  readonly app: App;
  /** The browser playground's address; sandbox mode only. */
  readonly playgroundUrl: string | undefined;
  /** Stops the app, then any development servers, in reverse order of start. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts the app, with the development servers its mode needs; on failure closes what it started. */
export async function startSystem(config: Config, logger: Logger, options: { signal?: AbortSignal } = {}): Promise<RunningSystem> {
  if (config.mode === "production") return startProduction(config, logger, options.signal);
  const devtools = await import("./devtools/system.js");
  const system = await devtools.startDevSystem(devtools.withSandboxFeatures(devtools.withSandboxDefaults(config)), logger, options);
  return { app: system.app, playgroundUrl: system.playground?.url, close: () => system.close() };
}

async function startProduction(config: ProductionConfig, logger: Logger, signal: AbortSignal | undefined): Promise<RunningSystem> {
  const { botToken, telegramApiRoot, partnerApiUrl, partnerApiKey } = config;
  const app = await startApp({ config, logger, botToken, telegramApiRoot, partnerApiUrl, partnerApiKey, signal });
  let closed: Promise<void> | undefined;
  return { app, playgroundUrl: undefined, close: () => (closed ??= app.stop()) };
}
