/** How long to wait before asking again about a payment the provider has not settled: quick at first, then calmer. */
export function pollDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 5000);
}

/** After this long without a final answer the page stops asking and says what to do (the webhook may come later). */
export const POLL_GIVE_UP_MS = 3 * 60 * 1000;
