/**
 * Middleware run one after another, each passing on with `next`, as `Composer.use` runs them, but
 * entering only the ones an update reaches.
 *
 * Why: a Composer with n `use` calls nests n async wrappers, and every update enters all of them
 * before the first middleware runs, whichever one takes it; they stay pending until the update is
 * handled. The features are 18 in a row, and an exchange step (the 4th) waits tens of ms on the
 * partner and on Telegram: with 100 people at once, those pending wrappers outlive two young-
 * generation collections and are copied into the old one, which the garbage collector then sweeps
 * (bench/flow-cpu.results.md). Here an update enters one frame per middleware it reaches.
 */
import type { Context, Middleware, MiddlewareFn, MiddlewareObj } from "grammy";

type MaybePromise<T> = T | Promise<T>;

function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** The function of a middleware, asked of a MiddlewareObj at each call as grammY's Composer asks it. */
function run<C extends Context>(middleware: Middleware<C>, ctx: C, next: () => Promise<void>): unknown {
  return typeof middleware === "function" ? middleware(ctx, next) : middleware.middleware()(ctx, next);
}

/** What a middleware that returned no Promise is awaited as: one settled Promise, shared. */
const SETTLED: Promise<void> = Promise.resolve();

/** A middleware's result as a Promise: its own when it returned one (its value is not read). */
function settledBy(result: unknown): Promise<void> {
  return isPromise(result) ? (result as Promise<void>) : SETTLED;
}

/**
 * A step entered only by an update `holds` is true of (FeatureComposer's `filter`). In a chain of
 * {@link inOrderWatched}, an update it does not hold for goes on to the next step in the same frame,
 * with no `next` made for it: most steps of a feature are filters, and most updates pass most of
 * them by. Elsewhere it is an ordinary middleware.
 */
export class Guarded<C extends Context> implements MiddlewareObj<C> {
  constructor(
    readonly holds: (ctx: C) => MaybePromise<boolean>,
    readonly inner: Middleware<C>,
  ) {}

  middleware(): MiddlewareFn<C> {
    return (ctx, next) => {
      const holds = this.holds(ctx);
      if (isPromise(holds)) return holds.then((yes) => (yes ? run(this.inner, ctx, next) : next()));
      return holds ? run(this.inner, ctx, next) : next();
    };
  }
}

/** A Promise rejected with whatever was thrown, as an async frame that threw it would be. */
// eslint-disable-next-line @typescript-eslint/require-await -- the async frame is what rejects
async function rejectedWith(thrown: unknown): Promise<never> {
  throw thrown;
}

function isGuarded<C extends Context>(middleware: Middleware<C> | undefined): middleware is Guarded<C> {
  return middleware instanceof Guarded;
}

/** `middleware` in order, as one middleware: each reaches the next through `next`, the last the caller's `next`. */
export function inOrder<C extends Context>(...middleware: Array<Middleware<C>>): MiddlewareFn<C> {
  return inOrderWatched(middleware);
}

/**
 * As {@link inOrder}, telling `onEnter` the index of each middleware an update enters, in the
 * frame that enters it: the last one told is the one that took the update (metrics).
 *
 * `middleware` is read at each update: what is pushed onto it later is entered too.
 *
 * A step is a plain function that hands back the middleware's own Promise, not an async one that
 * awaits it: each async frame is a Promise more, and a turn of the microtask queue more, for every
 * update at every step (in a flood of /start, these frames were 8 % of what an update
 * allocated). A middleware that throws fails the chain's Promise, as an async frame would.
 */
export function inOrderWatched<C extends Context>(
  middleware: ReadonlyArray<Middleware<C>>,
  onEnter?: (ctx: C, index: number) => void,
): MiddlewareFn<C> {
  return (ctx, next) => {
    const enter = (index: number, current: Middleware<C>): Promise<void> => {
      onEnter?.(ctx, index);
      let called = false;
      return settledBy(
        run(current, ctx, () => {
          // As grammY's Composer: a middleware may pass the update on once.
          if (called) throw new Error("`next` already called before!");
          called = true;
          return from(index + 1);
        }),
      );
    };
    const from = (index: number): Promise<void> => {
      try {
        let at = index;
        let current = middleware[at];
        // Guarded steps this update does not pass are stepped over here.
        while (isGuarded(current)) {
          const step = current;
          const holds = step.holds(ctx);
          if (isPromise(holds)) {
            const held = at;
            return holds.then((yes) => (yes ? enter(held, step.inner) : from(held + 1)));
          }
          if (holds) return enter(at, step.inner);
          current = middleware[++at];
        }
        if (current === undefined) return next();
        return enter(at, current);
      } catch (err) {
        return rejectedWith(err);
      }
    };
    return from(0);
  };
}
