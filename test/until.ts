/**
 * Waiting in tests for something that happens in the background (a replica's send, a notice over
 * the store's coordination): one helper, so every test fails the same clear way when it never comes.
 */

/** Resolves once `check` holds; looks every `everyMs`, and rejects after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, everyMs = 10): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`until: the condition did not hold within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
