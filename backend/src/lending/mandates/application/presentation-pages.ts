/** Loans (or presentations) per page: one query to read them, one batch to decide, one transaction to append. */
export const PRESENTATIONS_PAGE = 500;

/** Pages worked at once: one decided in Node while the one before is appended in PostgreSQL. */
export const PRESENTATIONS_PAGES_IN_FLIGHT = 2;

/** Pages of PRESENTATIONS_PAGE items. */
export function pagesOf<T>(items: readonly T[]): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += PRESENTATIONS_PAGE) pages.push(items.slice(start, start + PRESENTATIONS_PAGE));
  return pages;
}

/**
 * Works the pages with up to PRESENTATIONS_PAGES_IN_FLIGHT at once, so that one page is decided in Node while the one
 * before is appended in PostgreSQL (as close of business does). A failure stops the starting of pages; those under way
 * finish (each is its own transaction, so what is recorded is whole loans) and the failure is thrown.
 */
export async function inFlight<T>(pages: readonly T[][], work: (page: T[]) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  for (const page of pages) {
    if (failure) break;
    const one: Promise<void> = work(page)
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => running.delete(one));
    running.add(one);
    if (running.size >= PRESENTATIONS_PAGES_IN_FLIGHT) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}
