import type { Transformer } from "grammy";

/**
 * Runs one call through `transformer` and returns the payload that would reach Telegram (the
 * transformer tests of src/messages/).
 */
export async function sentThrough(
  transformer: Transformer,
  method: string,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let seen: Record<string, unknown> | undefined;
  const prev = ((_method: string, p: Record<string, unknown>) => {
    seen = p;
    return Promise.resolve({ ok: true, result: true });
  }) as unknown as Parameters<Transformer>[0];
  await transformer(prev, method as Parameters<Transformer>[1], payload as Parameters<Transformer>[2]);
  if (seen === undefined) throw new Error("the transformer did not pass the call on");
  return seen;
}
