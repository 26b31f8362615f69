/**
 * The run's build of the bot (build-setup.ts), for a test in the crash project.
 */
import { inject } from "vitest";

/** The folder of the run's build, laid out as the image; throws with the reason when there is none. */
export function builtBot(): string {
  const error = inject("builtBotError");
  if (error) throw new Error(error);
  const dir = inject("builtBot");
  // A file of another project has no build: say where it belongs rather than fail on `undefined`.
  if (!dir) throw new Error("this test runs the built bot: list it in vitest.config.ts's crashFiles (whose setup builds it)");
  return dir;
}
