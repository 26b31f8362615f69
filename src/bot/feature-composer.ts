/**
 * The Composer every feature is built on: grammY's own, with a cheaper `filter` and `use`.
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
 *
 * `use` keeps its contract too (each middleware in the order installed, a returned Composer whose
 * later additions run in its place), but its steps are run by inOrder (middleware/in-order.ts)
 * rather than nested by grammY's `concat`, which wraps each installed middleware in two async
 * frames and a closure that every update passing it enters. Every registration (`on`, `command`, `branch`, `errorBoundary`, …)
 * is installed through `use`, which test/bot/feature-composer.test.ts checks of grammY's.
 */
import { Composer, type Context, type Middleware, type MiddlewareFn } from "grammy";
import { Guarded, inOrderWatched } from "./middleware/in-order.js";

type MaybePromise<T> = T | Promise<T>;

export class FeatureComposer<C extends Context> extends Composer<C> {
  /** What was installed, in order; read at each update, so later additions run too. */
  readonly #steps: Array<Middleware<C>>;
  readonly #chain: MiddlewareFn<C>;

  constructor(...middleware: Array<Middleware<C>>) {
    super();
    this.#steps = middleware;
    this.#chain = inOrderWatched(this.#steps);
  }

  override middleware(): MiddlewareFn<C> {
    return this.#chain;
  }

  override use(...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new FeatureComposer<C>(...middleware);
    this.#steps.push(composer);
    return composer;
  }

  override filter<D extends C>(predicate: (ctx: C) => ctx is D, ...middleware: Array<Middleware<D>>): Composer<D>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new FeatureComposer<C>(...middleware);
    this.#steps.push(new Guarded(predicate, composer));
    return composer;
  }
}
