import { describe, expect, it } from '@jest/globals';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { direction, idsOf, idsOrNone, inRange, likePattern, sortable } from './list-query.js';

type Db = { loans: { id: string; created_at: Date; submitted_at: Date | null; amount: number } };
const db = new Kysely<Db>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const orderSql = (build: (q: ReturnType<typeof loans>) => { compile(): { sql: string } }) =>
  build(loans())
    .compile()
    .sql.replace(/^select \* from "loans" as "l" /, '');
const loans = () => db.selectFrom('loans as l').selectAll();

describe('sortable: a list sort map written once', () => {
  const LOANS = sortable({ createdAt: 'l.created_at', submittedAt: 'l.submitted_at', amount: 'l.amount' });

  it('given a map, when a controller asks for the sortable fields, then it gets the API names in order', () => {
    expect(LOANS.fields).toEqual(['createdAt', 'submittedAt', 'amount']);
  });

  it('given a sort, when a query orders by it, then the column and direction are written as kysely writes them', () => {
    expect(orderSql((q) => q.orderBy(LOANS.orderBy({ field: 'amount', order: 'DESC' })))).toBe('order by "l"."amount" desc');
    expect(orderSql((q) => q.orderBy(LOANS.orderBy({ field: 'createdAt', order: 'ASC' })))).toBe('order by "l"."created_at" asc');
    expect(orderSql((q) => q.orderBy('l.created_at', (ob) => ob.desc()))).toBe('order by "l"."created_at" desc');
  });

  it('given nulls last for some fields, when sorting by one of them either way, then nulls come last; other fields keep the default', () => {
    const sorts = sortable({ createdAt: 'l.created_at', submittedAt: 'l.submitted_at' }, { nulls: 'last', nullable: ['submittedAt'] });
    expect(orderSql((q) => q.orderBy(sorts.orderBy({ field: 'submittedAt', order: 'ASC' })))).toBe(
      'order by "l"."submitted_at" asc nulls last',
    );
    expect(orderSql((q) => q.orderBy(sorts.orderBy({ field: 'submittedAt', order: 'DESC' })))).toBe(
      'order by "l"."submitted_at" desc nulls last',
    );
    expect(orderSql((q) => q.orderBy(sorts.orderBy({ field: 'createdAt', order: 'DESC' })))).toBe('order by "l"."created_at" desc');
  });

  it('given nulls low, when sorting, then nulls come first ascending and last descending', () => {
    const sorts = sortable({ submittedAt: 'l.submitted_at' }, { nulls: 'low' });
    expect(orderSql((q) => q.orderBy(sorts.orderBy({ field: 'submittedAt', order: 'ASC' })))).toBe(
      'order by "l"."submitted_at" asc nulls first',
    );
    expect(orderSql((q) => q.orderBy(sorts.orderBy({ field: 'submittedAt', order: 'DESC' })))).toBe(
      'order by "l"."submitted_at" desc nulls last',
    );
  });

  it('given a caller that knows better for one query, when it names the nulls order, then that order is written', () => {
    const sorts = sortable({ submittedAt: 'l.submitted_at' }, { nulls: 'last' });
    expect(orderSql((q) => q.orderBy(sorts.orderBy({ field: 'submittedAt', order: 'ASC' }, 'default')))).toBe(
      'order by "l"."submitted_at" asc',
    );
  });

  it('given a field outside the map (or an object property name), when asked for its column, then it refuses rather than write it into SQL', () => {
    expect(() => LOANS.column({ field: 'password', order: 'ASC' })).toThrow('cannot sort by password');
    expect(() => LOANS.column({ field: 'toString', order: 'ASC' })).toThrow('cannot sort by toString');
    expect(LOANS.column({ field: 'amount', order: 'ASC' })).toBe('l.amount');
  });

  it('given a sort, when the tie-breaking column follows it, then it goes the same direction', () => {
    expect(direction({ field: 'x', order: 'ASC' })).toBe('asc');
    expect(direction({ field: 'x', order: 'DESC' })).toBe('desc');
  });
});

describe('likePattern', () => {
  it('given plain text, when searched with ILIKE, then it matches anywhere', () => {
    expect(likePattern('asha')).toBe('%asha%');
  });

  it('given text with LIKE wildcards or backslashes, when searched, then each stands for itself', () => {
    expect(likePattern('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
  });
});

describe('ids of a getMany', () => {
  it('given one id or a list, when read, then it is a list; given none, then there is no id filter', () => {
    expect(idsOf('a')).toEqual(['a']);
    expect(idsOf(['a', 'b'])).toEqual(['a', 'b']);
    expect(idsOf(undefined)).toBeUndefined();
  });

  it('given an empty list, when used with IN, then it is a list no row matches rather than an empty IN ()', () => {
    expect(idsOrNone([])).toEqual(['00000000-0000-0000-0000-000000000000']);
    expect(idsOrNone(['a'])).toEqual(['a']);
  });
});

describe('inRange', () => {
  it('given a range, when a query pages by it, then it skips start rows and takes end - start + 1', () => {
    expect(orderSql((q) => q.$call(inRange({ start: 25, end: 49 })))).toBe('limit $1 offset $2');
    expect(
      loans()
        .$call(inRange({ start: 25, end: 49 }))
        .compile().parameters,
    ).toEqual([25, 25]);
  });
});
