import { CompiledQuery, type Kysely } from 'kysely';

/** What pg's Connection offers a query object (pg/lib/connection.js). */
type PgConnection = { query(text: string): void; sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void };
type PgResult = { command: string; rowCount: number; rows: never[] };

/**
 * `COPY <table> (<columns>) FROM STDIN` in text format, with `data` as its whole input: a query object in the form
 * pg's Client accepts in place of a statement (a "submittable", as pg-cursor and pg-copy-streams are), handed over
 * through Kysely so that it runs on the connection of `db`, a transaction's own included. pg sends the statement,
 * and on PostgreSQL's CopyInResponse this sends `data` as one CopyData message and then CopyDone; the COPY's
 * CommandComplete gives the row count, and its ReadyForQuery (or an ErrorResponse) settles it. Awaited by Kysely,
 * it answers as pg's own results do. Like pg's own queries it also calls its `callback` once, when settled: pg puts
 * its own there on a connection with a `query_timeout` (statementTimeouts), which clears the read timer it started
 * for the statement; a COPY that never called it left that timer running, and holding the COPY's rows, until it
 * fired (32 s on the API's pool).
 */
class CopyFromStdin implements PromiseLike<PgResult> {
  private readonly done: Promise<PgResult>;
  private resolve!: (result: PgResult) => void;
  private reject!: (error: unknown) => void;
  private rowCount = 0;
  private settled = false;
  /** Set by pg's Client.query (pg/lib/client.js) when the connection has a query_timeout. */
  callback?: (error: unknown, result?: PgResult) => void;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  then<A = PgResult, B = never>(
    onFulfilled?: ((value: PgResult) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.done.then(onFulfilled, onRejected);
  }

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: PgConnection): void {
    if (this.data.length > 0) connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text?: string }): void {
    this.rowCount = Number(/\d+$/.exec(message.text ?? '')?.[0] ?? 0);
  }

  handleReadyForQuery(): void {
    this.settle(null, { command: 'COPY', rowCount: this.rowCount, rows: [] });
  }

  handleError(error: unknown): void {
    this.settle(error);
  }

  // A COPY FROM STDIN answers none of these; pg may call them on a protocol surprise, which then fails the COPY.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {
    this.settle(new Error('COPY FROM STDIN received data from the server'));
  }

  /** The first outcome wins (an ErrorResponse is followed by a ReadyForQuery). */
  private settle(error: unknown, result?: PgResult): void {
    if (this.settled) return;
    this.settled = true;
    if (result) this.resolve(result);
    else this.reject(error);
    this.callback?.(error, result);
  }
}

/** Escapes a value for COPY's text format (backslash, tab, newline and carriage return). */
function copyEscape(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : text;
}

/**
 * One value in COPY's text format, written as the JSON path wrote it before: null, undefined and non-finite
 * numbers are NULL, a Date its ISO time, an object or array its JSON, anything else its string form.
 */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return copyEscape(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return copyEscape(JSON.stringify(value));
  return copyEscape(String(value));
}

/**
 * Writes `rows` into `table` with COPY FROM STDIN (as the search path resolves `table`), each row's `columns` in
 * order; answers the number of rows written. Several times cheaper for PostgreSQL than a multi-row INSERT of the
 * same rows sent as parameters or as JSON (no statement to plan, no JSON to take apart).
 */
export async function copyRowsIn(
  db: Kysely<any>,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const lines: string[] = [];
  for (const row of rows) {
    let line = copyValue(row[columns[0]]);
    for (let i = 1; i < columns.length; i++) line += `\t${copyValue(row[columns[i]])}`;
    lines.push(line);
  }
  const text = `COPY ${quoteName(table)} (${columns.map(quoteName).join(', ')}) FROM STDIN`;
  const copy = new CopyFromStdin(text, Buffer.from(`${lines.join('\n')}\n`));
  const result = await db.executeQuery({ ...CompiledQuery.raw(''), sql: copy as unknown as string });
  return Number(result.numAffectedRows ?? rows.length);
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
