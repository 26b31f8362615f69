/**
 * How the development tools (the Bot API emulator, the sandbox exchange) tell a test's hooks what
 * happened: every listener hears the event, and one that throws is not allowed to change the answer.
 */

/**
 * Calls every listener with `event`, in order, over a copy of the set (a listener may remove
 * itself). A listener that throws does not stop the others, and its error is thrown again on the
 * next turn of the event loop, where the test runner reports it: thrown here, it would become the
 * 500 answer of the request being served and hide a broken test hook.
 */
export function tellListeners<E>(listeners: Iterable<(event: E) => void>, event: E): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (err) {
      setImmediate(() => {
        throw err;
      });
    }
  }
}
