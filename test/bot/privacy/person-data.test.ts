/**
 * The registry of a person's data (issue 24, point 7): a feature whose kv namespace is keyed by
 * the person registers it with `keyedByPerson`, and /forget then deletes that person's entries,
 * and only theirs.
 */
import { describe, expect, it } from "vitest";
import { keyedByPerson } from "../../../src/bot/features/privacy/person-data.js";
import { fileDataStore } from "../../../src/store/file-data-store.js";
import type { BotContext } from "../../../src/bot/context.js";
import { freshStores } from "../../store/helpers.js";
import { ns } from "../../store/namespaces.js";

const { fresh } = freshStores();

describe("keyedByPerson", () => {
  it("deletes the person's key and every `<id>:` key of the namespace, and nobody else's", async () => {
    const store = fileDataStore(await fresh());
    const kv = store.kv<string>(ns("saved-things"));
    for (const key of ["42", "42:a", "42:b", "420:a", "7:a", "x42:a"]) await kv.set(key, key);
    const kind = keyedByPerson(ns("saved-things"), "privacy-data-things");
    expect(kind.describedBy).toBe("privacy-data-things");
    await kind.forget({ deps: { store } } as unknown as BotContext, { userId: 42 });
    expect((await kv.keys()).sort()).toEqual(["420:a", "7:a", "x42:a"]);
  });
});
