import { sql, type Expression, type QueryExecutorProvider, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { TOTAL_CAP, type ListParams } from './list-params.js';

/**
 * What every list query writes the same way (react-admin's ra-data-simple-rest lists): the sortable fields and their
 * ORDER BY, a text search's LIKE pattern, the ids of a getMany, the page's rows and the total.
 */
type Sort = ListParams['sort'];
type Range = ListParams['range'];

/**
 * Where rows whose sort column is null go: PostgreSQL's default (after the others ascending, before them descending),
 * `last` (after the others either way), or `low` (read as the lowest value: first ascending, last descending).
 */
export type NullsOrder = 'default' | 'last' | 'low';

const NULLS: Record<NullsOrder, Record<'asc' | 'desc', string>> = {
  default: { asc: 'asc', desc: 'desc' },
  last: { asc: 'asc nulls last', desc: 'desc nulls last' },
  low: { asc: 'asc nulls first', desc: 'desc nulls last' },
};

export type Sortable<F extends string> = {
  /** The field names a client may sort by: parseListParams's `sortFields`. */
  readonly fields: F[];
  /** The column (as the map writes it) of a field of `fields`; any other field is a programming error. */
  column(sort: Sort): string;
  /** Where the map puts nulls when sorting by this field. */
  nulls(sort: Sort): NullsOrder;
  /** The ORDER BY item of a sort: its column, direction and, as the map was told (or `nulls` says), where nulls go. */
  orderBy(sort: Sort, nulls?: NullsOrder): RawBuilder<unknown>;
};

/**
 * A list's sortable fields, API name -> column (`{ createdAt: 'l.created_at' }`), written once for both ends: the
 * controller allows `fields`, the query orders by `orderBy(sort)`. `nulls` says where null values go, for every field
 * or, with `nullable`, for those fields only.
 */
export function sortable<const M extends Record<string, string>>(
  columns: M,
  options: { nulls?: NullsOrder; nullable?: readonly (keyof M & string)[] } = {},
): Sortable<keyof M & string> {
  const column = (sort: Sort) => {
    if (!Object.hasOwn(columns, sort.field))
      throw new Error(`cannot sort by ${sort.field}: sortable fields are ${Object.keys(columns).join(', ')}`);
    return columns[sort.field]!;
  };
  const nullsOf = (sort: Sort): NullsOrder =>
    options.nullable === undefined || options.nullable.includes(sort.field) ? (options.nulls ?? 'default') : 'default';
  return {
    fields: Object.keys(columns) as (keyof M & string)[],
    column,
    nulls: nullsOf,
    orderBy: (sort, nulls = nullsOf(sort)) => ordered(sql.ref(column(sort)), sort, nulls),
  };
}

/** A sort's direction as kysely writes it, for the tie-breaking columns after the sorted one. */
export const direction = (sort: Sort): 'asc' | 'desc' => (sort.order === 'ASC' ? 'asc' : 'desc');

/** `<expression> asc|desc [nulls first|last]`: an ORDER BY item in a sort's direction, for a query written in SQL. */
export const ordered = (expression: Expression<unknown>, sort: Sort, nulls: NullsOrder = 'default'): RawBuilder<unknown> =>
  sql`${expression} ${sql.raw(NULLS[nulls][direction(sort)])}`;

/** `%text%` for ILIKE with the text's own %, _ and \ taken literally (backslash is PostgreSQL's default LIKE escape). */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A getMany's `id` filter (ra-data-simple-rest sends one id or a list) as a list; undefined when there is none. */
export const idsOf = (id: string | string[] | undefined): string[] | undefined =>
  id === undefined ? undefined : Array.isArray(id) ? id : [id];

/** An id no row has: stands in for an empty list, since `IN ()` is not SQL. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The ids for `where(column, 'in', …)`: never an empty list, so a filter by no ids answers no rows. */
export const idsOrNone = (ids: readonly string[]): readonly string[] => (ids.length > 0 ? ids : [NO_ID]);

/** The page a range asks for, for `query.$call(inRange(range))`: OFFSET start, LIMIT its number of rows. */
export const inRange =
  (range: Range) =>
  <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB =>
    query.offset(range.start).limit(range.end - range.start + 1) as QB;

/**
 * How many rows a list's query (its filters, without its selection, order or page) answers, counted up to
 * TOTAL_CAP + 1 (`SELECT count(*) FROM (SELECT 1 FROM … WHERE … LIMIT 10001) t`): the exact number up to TOTAL_CAP,
 * TOTAL_CAP + 1 for any larger one (sendPage writes it `10000+`).
 */
export async function countOf<DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  return cappedCount(db, query.clearSelect().select(sql.lit(1).as('one')));
}

/** `count(*)` of any row source (a query or raw SQL selecting rows), counting up to TOTAL_CAP + 1 rows. */
export async function cappedCount(db: QueryExecutorProvider, rows: Expression<unknown>): Promise<number> {
  const { rows: answer } = await sql<{ n: string }>`SELECT count(*) AS n FROM (${rows} LIMIT ${sql.lit(TOTAL_CAP + 1)}) capped`.execute(db);
  return Number(answer[0]!.n);
}
