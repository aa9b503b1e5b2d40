/**
 * The total a list answers in Content-Range (docs/api.md "Lists"): exact up to 10,000 (`loans 0-24/130`), and
 * `10000+` beyond (`loans 0-24/10000+`): the API counts at most 10,001 rows, and serves no page starting past row
 * 10,000 (MAX_RANGE_START). The console pages such a list by next/previous (react-admin's partial pagination).
 */
import { formatCount } from './format';

export const TOTAL_CAP = 10_000;
/** The deepest row a list serves by offset (backend MAX_RANGE_START): no page starts after it. */
export const MAX_RANGE_START = 10_000;

export type ListTotal = { exact: true; total: number } | { exact: false; atLeast: number };

/** The total of a Content-Range header (`loans 0-24/130`, `loans &ast;/0`, `loans 0-24/10000+`); undefined if none. */
export function totalOf(contentRange: string | null | undefined): ListTotal | undefined {
  const stated = contentRange?.split('/').pop()?.trim();
  if (!stated) return undefined;
  const match = /^(\d+)(\+?)$/.exec(stated);
  if (!match) return undefined;
  const n = Number(match[1]);
  return match[2] === '+' ? { exact: false, atLeast: n } : { exact: true, total: n };
}

/**
 * What react-admin is told of a page whose list is larger than the API counts (partial pagination): a next page
 * while this one is full and the next one starts no later than MAX_RANGE_START; a previous page after the first.
 */
export function pageInfoOf(
  pagination: { page: number; perPage: number },
  rows: number,
): { hasNextPage: boolean; hasPreviousPage: boolean } {
  const nextStart = pagination.page * pagination.perPage;
  return { hasNextPage: rows >= pagination.perPage && nextStart <= MAX_RANGE_START, hasPreviousPage: pagination.page > 1 };
}

/** "10,000+": how the console writes a total the API states as `10000+`. */
export const cappedTotalLabel = (atLeast = TOTAL_CAP): string => `${formatCount(atLeast)}+`;
