import type { FastifyReply } from 'fastify';
import { TOTAL_CAP, type ListParams, type SortOrder } from '../query/list-params.js';
import { RequestValidationFailed } from './problem.js';

export const MAX_PAGE_SIZE = 500;
/**
 * The deepest row a list serves by offset: deeper pages cost the database a scan of every row before them and no
 * person reads that far. Narrow the filter (or sort the other way) to reach older rows.
 */
export const MAX_RANGE_START = 10_000;
const LIST_PARAMS = ['sort', 'range', 'filter'];

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new RequestValidationFailed([{ name, message: 'must be given once, as JSON' }]);
  try {
    return JSON.parse(raw);
  } catch {
    throw new RequestValidationFailed([{ name, message: 'must be valid JSON' }]);
  }
}

/**
 * Reads ra-data-simple-rest list parameters: sort=["field","ASC"], range=[0,24], filter={...}. Sort fields and
 * filter names are checked against allow-lists, so nothing a client sends reaches SQL unchecked; any other query
 * parameter is refused rather than silently ignored.
 */
export function parseListParams(
  query: Record<string, unknown>,
  allowed: { sortFields: readonly string[]; defaultSort: { field: string; order: SortOrder }; filters: readonly string[] },
): ListParams {
  const unknownParams = Object.keys(query).filter((k) => !LIST_PARAMS.includes(k));
  if (unknownParams.length > 0) {
    throw new RequestValidationFailed(
      unknownParams.map((k) => ({ name: k, message: `unknown parameter; list parameters: ${LIST_PARAMS.join(', ')}` })),
    );
  }
  const sortRaw = parseJson('sort', query.sort);
  const rangeRaw = parseJson('range', query.range);
  const filterRaw = parseJson('filter', query.filter);

  let sort = allowed.defaultSort;
  if (sortRaw !== undefined) {
    if (!Array.isArray(sortRaw) || sortRaw.length !== 2 || typeof sortRaw[0] !== 'string') {
      throw new RequestValidationFailed([{ name: 'sort', message: 'must be ["field","ASC"|"DESC"]' }]);
    }
    const [field, order] = sortRaw as [string, unknown];
    if (!allowed.sortFields.includes(field)) {
      throw new RequestValidationFailed([
        { name: 'sort', message: `cannot sort by ${field}; sortable fields: ${allowed.sortFields.join(', ')}` },
      ]);
    }
    if (order !== 'ASC' && order !== 'DESC') throw new RequestValidationFailed([{ name: 'sort', message: 'order must be ASC or DESC' }]);
    sort = { field, order };
  }

  const range = rangeRaw === undefined ? { start: 0, end: 24 } : parseRange(rangeRaw);

  let filter: Record<string, unknown> = {};
  if (filterRaw !== undefined) {
    if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
      throw new RequestValidationFailed([{ name: 'filter', message: 'must be a JSON object' }]);
    }
    const unknown = Object.keys(filterRaw).filter((k) => !allowed.filters.includes(k));
    if (unknown.length > 0) {
      throw new RequestValidationFailed(
        unknown.map((k) => ({ name: `filter.${k}`, message: `unknown filter; filters: ${allowed.filters.join(', ')}` })),
      );
    }
    filter = filterRaw as Record<string, unknown>;
  }
  return { sort, range, filter };
}

/**
 * [start,end]: whole numbers (safe integers: 1e300 or 2^53+1 never reach SQL), 0 <= start <= end, start at most
 * MAX_RANGE_START, at most MAX_PAGE_SIZE rows. Every refusal names `range`.
 */
function parseRange(raw: unknown): { start: number; end: number } {
  const refuse = (message: string): never => {
    throw new RequestValidationFailed([{ name: 'range', message }]);
  };
  if (!Array.isArray(raw) || raw.length !== 2) return refuse('must be [start,end] with 0 <= start <= end');
  const [start, end] = raw as unknown[];
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return refuse('start and end must be whole numbers (safe integers)');
  if ((start as number) < 0 || (end as number) < (start as number)) return refuse('must be [start,end] with 0 <= start <= end');
  if ((start as number) > MAX_RANGE_START) {
    return refuse(`start must be at most ${MAX_RANGE_START}; to reach older rows, narrow the filter or reverse the sort`);
  }
  if ((end as number) - (start as number) + 1 > MAX_PAGE_SIZE) return refuse(`at most ${MAX_PAGE_SIZE} rows per page`);
  return { start: start as number, end: end as number };
}

/**
 * The total as Content-Range states it: exact up to TOTAL_CAP, `10000+` beyond (a capped count answers TOTAL_CAP + 1
 * for any larger number; a count kept by other means may be larger still: it is stated the same way).
 */
export const statedTotal = (total: number): string => (total > TOTAL_CAP ? `${TOTAL_CAP}+` : String(total));

export function contentRange(resource: string, range: { start: number; end: number }, rows: number, total: number): string {
  if (rows === 0) return `${resource} */${statedTotal(total)}`;
  return `${resource} ${range.start}-${range.start + rows - 1}/${statedTotal(total)}`;
}

/**
 * Answers one page of a list: its rows, with the Content-Range header ra-data-simple-rest reads the total from
 * (`<resource> <start>-<end>/<total>`, the total exact up to 10,000 and `10000+` beyond: `loans 0-24/10000+`).
 */
export function sendPage<T>(res: FastifyReply, resource: string, range: ListParams['range'], page: { rows: T[]; total: number }): T[] {
  res.header('Content-Range', contentRange(resource, range, page.rows.length, page.total));
  return page.rows;
}
