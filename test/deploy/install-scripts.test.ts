/**
 * npm (11.16 and later) prints a warning on every `npm ci` for each dependency whose install script
 * is not declared in package.json's `allowScripts`, and a later npm blocks such scripts. Every
 * package the lockfile marks `hasInstallScript` (on any platform, so a Mac or ARM install is as
 * quiet as this one) must therefore have an entry there.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

interface LockedPackage {
  readonly version?: string;
  readonly hasInstallScript?: boolean;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(join(ROOT, file), "utf8")) as T;
}

describe("install scripts", () => {
  it("declares every dependency with an install script in allowScripts", async () => {
    const lock = await readJson<{ packages: Record<string, LockedPackage> }>("package-lock.json");
    const manifest = await readJson<{ allowScripts?: Record<string, boolean> }>("package.json");
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== "" && entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts).toContain("esbuild");
    const declared = Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@[^@/]*$/, "$1"));
    expect(withScripts.filter((name) => !declared.includes(name))).toEqual([]);
  });
});
