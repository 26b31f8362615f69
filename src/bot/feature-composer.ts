/**
 * The Composer every feature is built on: grammY's own, with a cheaper `filter`.
 *
 * Why: grammY's `filter` (under `on`, `command`, `callbackQuery`, `chatType`, …) is `branch`, which
 * is `lazy`: for every update that reaches a filter, matched or not, it awaits the predicate, then
 * builds a new Composer around the chosen side and enters it, three async frames and a Composer
 * per filter. An inline query passes about a dozen filters of the features before the rates take
 * it: built on grammY's Composer, an inline query cost 1.11 ms of CPU in the throughput bench, on
 * this one 0.95 (bench/throughput.results.md). Here a filter is one plain function: the predicate
 * asked, then either the filter's middleware or `next`.
 *
 * It keeps `filter`'s documented contract: the middleware runs only when the predicate (which may
 * return a Promise) holds, the update passes on otherwise, and what is added to the returned
 * Composer later (`feature.on("message").command(…)`) runs too, as its middleware is asked for at
 * each update. The returned Composer is a FeatureComposer, so chained filters are cheap as well.
 * grammY's other sugar reaches this `filter` as long as grammY builds it on `filter`; if a release
 * stops doing so, updates are handled the same, only at grammY's own cost.
 */
import { Composer, type Context, type Middleware } from "grammy";

type MaybePromise<T> = T | Promise<T>;

function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

export class FeatureComposer<C extends Context> extends Composer<C> {
  override filter<D extends C>(predicate: (ctx: C) => ctx is D, ...middleware: Array<Middleware<D>>): Composer<D>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new FeatureComposer<C>(...middleware);
    this.use((ctx, next) => {
      const matched = predicate(ctx);
      if (isPromise(matched)) return matched.then((yes) => (yes ? composer.middleware()(ctx, next) : next()));
      return matched ? composer.middleware()(ctx, next) : next();
    });
    return composer;
  }
}
