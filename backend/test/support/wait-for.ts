/**
 * Waits for an outcome instead of expecting it at once. Gap-safe readers hold back while any older transaction on
 * the PostgreSQL server is open, and other test files share the server, so "visible" can take a moment.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
