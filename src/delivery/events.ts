/**
 * A small typed event hub: the outbox says what happened to its entries (`sent`, `failed`,
 * `parked`, `drained`, `queued`) and whoever cares listens, instead of one callback option per
 * listener. Listeners run synchronously and must not throw (one that does is reported to the
 * hub's `onError`, and the others still run).
 */

/** Listener lists by event name; `M` maps each name to its payload. */
export class TypedEvents<M extends object> {
  readonly #listeners = new Map<keyof M, Set<(payload: never) => void>>();
  readonly #onError: (err: unknown) => void;

  constructor(onError: (err: unknown) => void = () => undefined) {
    this.#onError = onError;
  }

  /** Calls `listener` on every `event` from now on; returns its removal. */
  on<K extends keyof M>(event: K, listener: (payload: M[K]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** Tells every listener of `event`. */
  emit<K extends keyof M>(event: K, payload: M[K]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        (listener as (payload: M[K]) => void)(payload);
      } catch (err) {
        this.#onError(err);
      }
    }
  }
}
