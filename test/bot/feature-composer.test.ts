import { Api, Composer, Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FeatureComposer } from "../../src/bot/feature-composer.js";

const me = { id: 42, is_bot: true, first_name: "Bot", username: "swap_bot" } as UserFromGetMe;
const from = { id: 7, is_bot: false, first_name: "Ann" };
const chat = { id: 7, type: "private" as const, first_name: "Ann" };

function message(text: string): Context {
  const entities = text.startsWith("/") ? [{ type: "bot_command" as const, offset: 0, length: text.split(" ")[0]!.length }] : [];
  const update: Update = { update_id: 1, message: { message_id: 1, date: 0, chat, from, text, entities } };
  return new Context(update, new Api("1:x"), me);
}

function press(data: string): Context {
  const update: Update = { update_id: 2, callback_query: { id: "q", from, chat_instance: "c", data } };
  return new Context(update, new Api("1:x"), me);
}

/** Runs `composer` on `ctx`; resolves with whether the update passed on out of it. */
async function passesOn(composer: Composer<Context>, ctx: Context): Promise<boolean> {
  let passed = false;
  await composer.middleware()(ctx, () => {
    passed = true;
    return Promise.resolve();
  });
  return passed;
}

describe("FeatureComposer", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs a filter's middleware only when its predicate holds, and passes the update on otherwise", async () => {
    const seen: string[] = [];
    const feature = new FeatureComposer<Context>();
    feature.command("start", () => void seen.push("start"));
    feature.callbackQuery("go", () => void seen.push("go"));
    feature.on("message:text", () => void seen.push("text"));

    expect(await passesOn(feature, message("/start"))).toBe(false);
    expect(await passesOn(feature, press("go"))).toBe(false);
    expect(await passesOn(feature, press("other"))).toBe(true);
    expect(await passesOn(feature, message("hello"))).toBe(false);
    expect(seen).toEqual(["start", "go", "text"]);
  });

  it("waits for a predicate that answers with a Promise, either way", async () => {
    const feature = new FeatureComposer<Context>();
    const seen: number[] = [];
    feature.filter(
      async (ctx) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return ctx.update.update_id === 1;
      },
      (ctx) => void seen.push(ctx.update.update_id),
    );
    expect(await passesOn(feature, message("a"))).toBe(false);
    expect(await passesOn(feature, press("b"))).toBe(true);
    expect(seen).toEqual([1]);
  });

  it("runs what is added to a filter's Composer after the filter was installed, and lets it pass on", async () => {
    const seen: string[] = [];
    const feature = new FeatureComposer<Context>();
    const privateChats = feature.chatType("private");
    expect(privateChats).toBeInstanceOf(FeatureComposer);
    privateChats.command("help", () => void seen.push("help"));

    expect(await passesOn(feature, message("/help"))).toBe(false);
    // Inside the filter, not taken by its middleware: on out of the feature.
    expect(await passesOn(feature, message("/other"))).toBe(true);
    expect(seen).toEqual(["help"]);
  });

  it("turns a predicate that throws into a failed update, as grammY's filter does", async () => {
    const feature = new FeatureComposer<Context>();
    feature.filter(() => {
      throw new Error("predicate failed");
    });
    const outer = new Composer<Context>(feature);
    await expect(outer.middleware()(message("x"), () => Promise.resolve())).rejects.toThrow("predicate failed");
  });

  it("is what grammY's sugar reaches: no filter builds a Composer per update (grammY's lazy)", async () => {
    // grammY's `filter` is `branch`, which is `lazy`. If a grammY release stops building `on`,
    // `command` or `callbackQuery` on `filter`, updates are handled the same but at the old cost:
    // this test says so.
    const lazy = vi.spyOn(Composer.prototype, "lazy");
    const feature = new FeatureComposer<Context>();
    feature.command("start", () => undefined);
    feature.callbackQuery("go", () => undefined);
    feature.on("inline_query", () => undefined);
    feature.chatType("private").hears("hi", () => undefined);
    await passesOn(feature, message("/start"));
    await passesOn(feature, message("hi"));
    await passesOn(feature, press("no"));
    expect(lazy).not.toHaveBeenCalled();
  });

  it("runs everything installed in the order installed, by every way grammY installs middleware", async () => {
    // Each registration reaches the feature's steps only through `use`: one that grammY installed
    // another way would not run here, and this test would fail.
    const seen: string[] = [];
    const mark = (name: string) => (_: Context, next: () => Promise<void>) => (seen.push(name), next());
    const feature = new FeatureComposer<Context>();
    feature.use(mark("use"));
    feature.on("message", mark("on"));
    feature.command("start", mark("command"));
    feature.hears(/start/, mark("hears"));
    feature.branch(() => true, mark("branch"), mark("never"));
    feature.lazy(() => mark("lazy"));
    feature.route(() => "a", { a: mark("route") });
    feature.errorBoundary(() => undefined).use(mark("errorBoundary"));
    feature.drop(() => false, mark("drop"));
    feature.filter(() => true, mark("filter"));

    expect(await passesOn(feature, message("/start"))).toBe(true);
    expect(seen).toEqual(["use", "on", "command", "hears", "branch", "lazy", "route", "errorBoundary", "drop", "filter"]);
  });

  it("runs what is added to a Composer that use returned, in its place, after the feature was installed", async () => {
    const seen: string[] = [];
    const feature = new FeatureComposer<Context>();
    const first = feature.use();
    feature.use((_, next) => (seen.push("second"), next()));
    const outer = new Composer<Context>(feature);
    first.use((_, next) => (seen.push("first"), next()));
    let passed = false;
    await outer.middleware()(message("x"), () => {
      passed = true;
      return Promise.resolve();
    });
    expect(seen).toEqual(["first", "second"]);
    expect(passed).toBe(true);
  });

  it("stops at the middleware that does not call next, and fails with the one that throws", async () => {
    const seen: string[] = [];
    const feature = new FeatureComposer<Context>();
    feature.use((_, next) => (seen.push("a"), next()));
    feature.command("start", () => void seen.push("took"));
    feature.use(() => {
      throw new Error("not reached by /start");
    });
    expect(await passesOn(feature, message("/start"))).toBe(false);
    expect(seen).toEqual(["a", "took"]);
    await expect(passesOn(feature, message("/other"))).rejects.toThrow("not reached by /start");
  });
});
