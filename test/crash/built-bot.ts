/**
 * The run's build of the bot (build-setup.ts), for a test in the crash project.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

/** The build's folder of the tests' child programs (build-setup.ts's CHILD_PROGRAMS), by their paths in the checkout. */
export const PROGRAMS_FOLDER = "programs";

/** The folder of the run's build, laid out as the image; throws with the reason when there is none. */
export function builtBot(): string {
  const error = inject("builtBotError");
  if (error) throw new Error(error);
  const dir = inject("builtBot");
  // A file of another project has no build: say where it belongs rather than fail on `undefined`.
  if (!dir) throw new Error("this test runs the built bot: list it in vitest.config.ts's crashFiles (whose setup builds it)");
  return dir;
}

/**
 * The run's build of a test program that runs as a child process (`node <it>`), by its path in
 * the checkout ("test/store/fixtures/crash-writer.ts").
 */
export function builtProgram(path: string): string {
  const file = join(builtBot(), PROGRAMS_FOLDER, path.replace(/\.ts$/, ".js"));
  if (!existsSync(file)) throw new Error(`${path} is not built for the run: list it in test/crash/build-setup.ts's CHILD_PROGRAMS`);
  return file;
}
