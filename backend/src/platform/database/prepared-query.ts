import pg from 'pg';

/**
 * A named statement (parsed once per connection) as pg's own Query, built from its text so that pg does not copy a
 * config object: `pool.query({ name, text, values })` copies the object's property descriptors on every call
 * (`normalizeQueryConfig`), about 5 µs of CPU, a measurable share of an append (docs/performance.md, issue 30 item 6).
 * pg takes a Query as a Submittable and answers the pool's promise with its Result.
 */
class PreparedQuery extends pg.Query {
  /** pg's Query has it (a named statement is prepared once per connection); its types do not say so. */
  declare name: string;

  constructor(name: string, text: string, values: unknown[]) {
    super(text, values);
    this.name = name;
  }
}

/** Runs the statement `name` (`text`, prepared once per connection) with `values` on a pooled connection; its rows. */
export async function queryPrepared<T>(pool: pg.Pool, name: string, text: string, values: unknown[]): Promise<T[]> {
  // pool.query's types answer a Submittable with itself; given one without a callback, pg-pool answers a promise.
  const result = await (pool.query(new PreparedQuery(name, text, values)) as unknown as Promise<pg.QueryResult>);
  return result.rows as T[];
}
