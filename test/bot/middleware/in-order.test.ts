import { Api, Composer, Context } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { inOrder } from "../../../src/bot/middleware/in-order.js";

const ctx = new Context({ update_id: 1 }, new Api("1:x"), { id: 1 } as UserFromGetMe);
const done = () => Promise.resolve();

describe("inOrder", () => {
  it("runs the middleware in order around the caller's next, as Composer.use does", async () => {
    const seen: string[] = [];
    const chain = inOrder<Context>(
      async (_, next) => {
        seen.push("a in");
        await next();
        seen.push("a out");
      },
      new Composer<Context>(async (_, next) => {
        seen.push("b (a Composer)");
        await next();
      }),
      (_, next) => {
        seen.push("c");
        return next();
      },
    );
    await chain(ctx, () => {
      seen.push("outer next");
      return done();
    });
    expect(seen).toEqual(["a in", "b (a Composer)", "c", "outer next", "a out"]);
  });

  it("enters nothing after the middleware that takes the update", async () => {
    const entered: number[] = [];
    const take = (n: number) => () => void entered.push(n);
    const pass = (n: number) => (_: Context, next: () => Promise<void>) => (entered.push(n), next());
    let reachedOuter = false;
    await inOrder<Context>(
      pass(1),
      pass(2),
      take(3),
      pass(4),
      take(5),
    )(ctx, () => {
      reachedOuter = true;
      return done();
    });
    expect(entered).toEqual([1, 2, 3]);
    expect(reachedOuter).toBe(false);
  });

  it("refuses a second next from the same middleware, as grammY does", async () => {
    const twice = inOrder<Context>(async (_, next) => {
      await next();
      await next();
    });
    await expect(twice(ctx, done)).rejects.toThrow("`next` already called before!");
  });

  it("passes a failure up to the caller", async () => {
    const failing = inOrder<Context>(
      (_, next) => next(),
      () => {
        throw new Error("boom");
      },
    );
    await expect(failing(ctx, done)).rejects.toThrow("boom");
  });

  it("with nothing in it, calls the caller's next", async () => {
    let called = false;
    await inOrder<Context>()(ctx, () => {
      called = true;
      return done();
    });
    expect(called).toBe(true);
  });
});
