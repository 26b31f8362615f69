import { Api, Composer, Context } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { Guarded, inOrder, inOrderWatched } from "../../../src/bot/middleware/in-order.js";

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

  it("steps over guarded steps an update does not pass, enters the one it does, and tells only what it entered", async () => {
    const entered: number[] = [];
    const ran: string[] = [];
    const pass = (name: string) => (_: Context, next: () => Promise<void>) => (ran.push(name), next());
    const chain = inOrderWatched<Context>(
      [
        new Guarded(() => false, pass("no 1")),
        new Guarded(() => false, pass("no 2")),
        new Guarded(() => Promise.resolve(true), pass("async yes")),
        new Guarded(() => Promise.resolve(false), pass("async no")),
        new Guarded(() => true, pass("yes")),
        pass("plain"),
      ],
      (_, index) => entered.push(index),
    );
    let reachedOuter = false;
    await chain(ctx, () => {
      reachedOuter = true;
      return done();
    });
    expect(ran).toEqual(["async yes", "yes", "plain"]);
    expect(entered).toEqual([2, 4, 5]);
    expect(reachedOuter).toBe(true);
  });

  it("fails the chain with a guard that throws, as with a middleware that throws", async () => {
    const chain = inOrder<Context>(
      new Guarded(
        () => false,
        () => undefined,
      ),
      new Guarded(
        () => {
          throw new Error("guard failed");
        },
        () => undefined,
      ),
    );
    await expect(chain(ctx, done)).rejects.toThrow("guard failed");
  });

  it("runs a guarded step outside a chain as the middleware it is", async () => {
    const seen: string[] = [];
    const guarded = new Guarded<Context>(
      (c) => c.update.update_id === 1,
      (_, next) => (seen.push("inner"), next()),
    );
    await new Composer<Context>(guarded).middleware()(ctx, () => (seen.push("after"), done()));
    const other = new Context({ update_id: 2 }, new Api("1:x"), { id: 1 } as UserFromGetMe);
    await new Composer<Context>(guarded).middleware()(other, () => (seen.push("after other"), done()));
    expect(seen).toEqual(["inner", "after", "after other"]);
  });
});
