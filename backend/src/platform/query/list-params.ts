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
