/**
 * What a list query asks for, whoever asked: a sort, a range of rows and a filter. The HTTP layer builds it from
 * ra-data-simple-rest's query parameters (platform/http/list-params.ts); query handlers read it.
 */
export type SortOrder = 'ASC' | 'DESC';
export type ListParams = {
  sort: { field: string; order: SortOrder };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
};

/**
 * The largest total a list states exactly (a product decision, issue 30): beyond it the answer says "more than"
 * (`Content-Range: loans 0-24/10000+`), and a count never reads more than TOTAL_CAP + 1 rows, whatever the filter.
 */
export const TOTAL_CAP = 10_000;
