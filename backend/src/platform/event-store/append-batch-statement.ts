import { createHash } from 'node:crypto';
import type { AppendOptions, NewEvent, ProjectedRow } from './event-store.port.js';

/** An append as the store has prepared it: its events' and metadata's JSON already built. */
export type PendingAppend = {
  streamId: string;
  streamType: string;
  events: NewEvent[];
  dataJson: string[];
  metadataJson: string;
  options: AppendOptions;
  projected: readonly ProjectedRow[];
  idempotencyKey?: string;
  /** Appends of one shape (the same pre-built rows' tables and columns) can share a batch statement. */
  shape: string;
};

/**
 * What an append statement answers for one append: one row per appended event. On a conflict the shared statement
 * answers one row with the stream's version as it found it (`head`) and no position; the single statement, none.
 */
export type AppendRow = {
  head?: number;
  global_position: string | null;
  version: number | null;
  /** recorded_at in whole microseconds since the epoch (recordedAtUs): see recordedAtOf. */
  recorded_us: string | null;
  transaction_id: string | null;
};

/**
 * An appended event's recorded_at as the append statements return it: whole microseconds since the epoch, as text.
 * pg's own parser of a timestamptz (a regular expression and a Date built from its parts) cost an append about 6 µs
 * of CPU more than this integer (the benchmark's appends, issue 30 item 6); the Date is the same, cut to the
 * millisecond as pg cuts it.
 */
export const recordedAtUs = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::int8`;

/** The Date of a recordedAtUs figure: its millisecond, as pg gives a timestamptz read back (readStream, readAll). */
export const recordedAtOf = (us: string): Date => new Date(Math.floor(Number(us) / 1000));

/** The batch statement's rows: AppendRow with the 1-based index of the append it belongs to. */
export type BatchAppendRow = AppendRow & { n: number };

export type Statement = { name: string; text: string };

/** A statement prepared under a name its text determines: one prepared statement per distinct text and connection. */
export const namedStatement = (prefix: string, text: string): Statement => ({
  name: `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
  text,
});

export const quoteIdent = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

/** The shape key of an append's pre-built rows: appends with the same key fit the same batch statement. */
export function projectedShape(projected: readonly ProjectedRow[]): string {
  return projected
    .map((p) => `${p.mode ?? 'upsert'}:${p.table}:${p.key}:${p.positionColumn ?? ''}:${Object.keys(p.row).join(',')}`)
    .join('|');
}

/** The batch statement, and which of each pre-built row's columns (but its position) are JSON columns. */
export type BatchStatement = Statement & { jsonColumns: readonly (readonly boolean[])[] };

/**
 * Several appends to distinct streams as one statement (one transaction): the single append's statement with its
 * values passed as JSON documents, one row per append (per event for the events, per append again for each table of
 * pre-built rows), read with `json_to_recordset`. The text depends only on the pre-built rows' shape, so it is
 * prepared once per connection whatever the batch size. JSON, not one array per column: pg quotes every element of a
 * text array in JavaScript, and a loan's state is kilobytes (about 10 µs an approval at 16 clients, issue 30 item 1).
 * The events' data and metadata, which the store itself made with JSON.stringify, go into the document as the JSON they
 * are; a pre-built row's JSON column goes in as a string (JSON.stringify's native quoting) and is cast back, so that text
 * a writer passes can never add a field or a row to the document. Each append's head is checked on its own stream: one
 * found elsewhere inserts nothing and writes nothing after it, the others go in. A concurrent writer that takes one of
 * the versions (or keys) first fails the whole statement (23505): nothing of it is written.
 *
 * `columnTypes` are the pre-built rows' tables' column types, in the order of `projected`. A table with an array column
 * is not batched: the builder throws, before anything is sent, and the caller runs the appends alone.
 */
export function batchStatementText(projected: readonly ProjectedRow[], columnTypes: readonly Map<string, string>[]): BatchStatement {
  let next = 0;
  const param = () => `$${++next}::json`;
  const ctes = [
    // One row per append, with the head of its stream as the statement found it.
    `input AS (
      SELECT i.n, i.stream_id, i.stream_type, i.expected, i.metadata, i.key, i.command_type, i.fingerprint, i.result,
             (SELECT coalesce(max(version), 0)::int FROM events WHERE events.stream_id = i.stream_id) AS head
      FROM json_to_recordset(${param()}) AS i(n int, stream_id text, stream_type text, expected int, metadata jsonb, key text,
        command_type text, fingerprint text, result jsonb))`,
    `appended AS (
      INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
      SELECT i.stream_id, i.stream_type, i.expected + e.k, e.type, e.data, i.metadata
      FROM json_to_recordset(${param()}) AS e(n int, k int, type text, data jsonb) JOIN input i ON i.n = e.n
      WHERE i.head = i.expected
      ORDER BY e.n, e.k
      RETURNING global_position, stream_id, version, ${recordedAtUs('recorded_at')} AS recorded_us, transaction_id)`,
    // One row per append that went in, holding its last position: what every write below hangs from.
    `last AS (SELECT i.n, max(a.global_position) AS position FROM appended a JOIN input i ON i.stream_id = a.stream_id GROUP BY i.n)`,
    `result AS (
      INSERT INTO command_results (idempotency_key, stream_id, command_type, request_fingerprint, result, last_position)
      SELECT i.key, i.stream_id, i.command_type, i.fingerprint, i.result, last.position
      FROM input i JOIN last ON last.n = i.n WHERE i.key IS NOT NULL)`,
  ];
  const jsonColumns: boolean[][] = [];
  for (const [r, p] of projected.entries()) {
    const types = columnTypes[r];
    const columns = Object.keys(p.row);
    if (!columns.includes(p.key)) throw new Error(`projected row for ${p.table} has no ${p.key}`);
    const definitions: string[] = [];
    const json: boolean[] = [];
    const selected = columns.map((column) => {
      const type = types.get(column);
      if (!type) throw new Error(`projected row for ${p.table}: no column ${column}`);
      if (type.endsWith(']')) throw new Error(`projected rows for ${p.table} have an array column (${column}): not batched`);
      if (column === p.positionColumn) return 'last.position';
      const isJson = type === 'json' || type === 'jsonb';
      definitions.push(`v${definitions.length + 1} ${isJson ? 'text' : type}`);
      json.push(isJson);
      return isJson ? `p.v${definitions.length}::${type}` : `p.v${definitions.length}`;
    });
    jsonColumns.push(json);
    const rows = `json_to_recordset(${param()}) AS p(${[...definitions, 'n int'].join(', ')}) JOIN last ON last.n = p.n`;
    ctes.push(`projected_${r} AS (${projectedWrite(p, selected, rows)})`);
  }
  const text = `WITH ${ctes.join(',\n')}
    SELECT i.n, i.head, a.global_position, a.version, a.recorded_us, a.transaction_id::text AS transaction_id
    FROM input i LEFT JOIN appended a ON a.stream_id = i.stream_id
    ORDER BY i.n, a.version`;
  return { ...namedStatement('event_store_append_batch', text), jsonColumns };
}

/**
 * A pre-built row's write, with `selected` the SQL expression of each of its columns (in `row`'s order) over `source`
 * (one row per append that went in): an upsert on `key`, or (mode 'update') an update of the row whose key matches.
 */
export function projectedWrite(p: ProjectedRow, selected: readonly string[], source: string): string {
  const columns = Object.keys(p.row);
  const table = quoteIdent(p.table);
  if (p.mode === 'update') {
    const assignments = columns.flatMap((c, i) => (c === p.key ? [] : [`${quoteIdent(c)} = ${selected[i]}`]));
    return `UPDATE ${table} SET ${assignments.join(', ')} FROM ${source} WHERE ${table}.${quoteIdent(p.key)} = ${selected[columns.indexOf(p.key)]}`;
  }
  const updates = columns.filter((c) => c !== p.key).map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`);
  return `INSERT INTO ${table} (${columns.map(quoteIdent).join(', ')}) SELECT ${selected.join(', ')} FROM ${source}
      ON CONFLICT (${quoteIdent(p.key)}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
}

/**
 * The batch statement's values, in the order of batchStatementText's parameters: one JSON document each, built as text
 * around the JSON the store made itself (the events' data, the metadata) and JSON.stringify's output for everything
 * else, the writer's values among them, which is PostgreSQL's reading of them (a Date as its ISO instant, bytes as
 * bytea's hex).
 */
export function batchStatementValues(statement: BatchStatement, appends: readonly PendingAppend[]): string[] {
  const input: string[] = [];
  const events: string[] = [];
  appends.forEach((a, i) => {
    const keyed = a.idempotencyKey !== undefined;
    input.push(
      `{"n":${i + 1},"stream_id":${JSON.stringify(a.streamId)},"stream_type":${JSON.stringify(a.streamType)},` +
        `"expected":${JSON.stringify(a.options.expectedVersion)},"metadata":${a.metadataJson},"key":${keyed ? JSON.stringify(a.idempotencyKey) : 'null'},` +
        `"command_type":${keyed ? JSON.stringify(a.options.commandType ?? a.events[0].type) : 'null'},` +
        `"fingerprint":${keyed ? JSON.stringify(a.options.requestFingerprint ?? '') : 'null'},` +
        `"result":${keyed ? JSON.stringify(a.options.result ?? {}) : 'null'}}`,
    );
    a.events.forEach((e, k) => events.push(`{"n":${i + 1},"k":${k + 1},"type":${JSON.stringify(e.type)},"data":${a.dataJson[k]}}`));
  });
  const values = [`[${input.join(',')}]`, `[${events.join(',')}]`];
  for (const [r, p] of appends[0].projected.entries()) {
    const columns = Object.keys(p.row).filter((c) => c !== p.positionColumn);
    const json = statement.jsonColumns[r]!;
    const rows = appends.map((a, i) => {
      const row = a.projected[r].row;
      const fields = columns.map((c, j) => `"v${j + 1}":${jsonValue(row[c], json[j]!)}`);
      return `{${fields.join(',')},"n":${i + 1}}`;
    });
    values.push(`[${rows.join(',')}]`);
  }
  return values;
}

/**
 * A pre-built row's value in the batch's JSON: a JSON column's text (or an object's JSON, as pg would send it) as a
 * string, bytes as bytea's hex, a bigint as its digits (JSON.stringify refuses one; pg sends its text), the rest as
 * JSON.stringify quotes it.
 */
function jsonValue(value: unknown, jsonColumn: boolean): string {
  if (value === null || value === undefined) return 'null';
  if (jsonColumn) return JSON.stringify(typeof value === 'string' ? value : JSON.stringify(value));
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return JSON.stringify(`\\x${Buffer.from(value).toString('hex')}`);
  return JSON.stringify(value);
}

/** The batch statement's rows, split per append in the order of `appends`. */
export function rowsPerAppend(count: number, rows: readonly BatchAppendRow[]): AppendRow[][] {
  const perAppend: AppendRow[][] = Array.from({ length: count }, () => []);
  for (const row of rows) perAppend[row.n - 1].push(row);
  return perAppend;
}
