import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A position in PostgreSQL's write-ahead log (an LSN, written `16/B374D848`: two hexadecimal halves of a 64-bit
 * number). A command's answer carries the primary's position after its commit (X-Commit-Position); a read that names
 * it back (X-Read-After) is answered from the replica only once the replica has replayed that far.
 */
export type LogPosition = bigint;

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The LSN's number, or undefined when `text` is not an LSN. */
export function parseLogPosition(text: string | null | undefined): LogPosition | undefined {
  const match = text ? LSN.exec(text.trim()) : null;
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}

/**
 * What a read asks of the replica: nothing (`undefined`, any replayed state will do), a position it must have
 * replayed, or `'primary'` (the caller named a position that is not one: read the primary, which has every commit).
 */
export type ReadRequirement = LogPosition | 'primary' | undefined;

/**
 * One request's requirement, and when its wait for the replica ends: set by its first read, so that all the
 * statements of a request (a page and its count, a search and then its rows) share one bounded wait, and once it has
 * passed, each goes to the primary after one look at the replica.
 */
export type ReadScope = { requirement: ReadRequirement; waitUntil?: number };

const storage = new AsyncLocalStorage<ReadScope>();

/** Runs `work` with its reads on the read handle bound to `requirement` (the request's X-Read-After). */
export function readingAfter<T>(requirement: ReadRequirement, work: () => T): T {
  return storage.run({ requirement }, work);
}

/** The scope of the request this code runs for; undefined in a job, the CLI, or a request that named no position. */
export function currentReadScope(): ReadScope | undefined {
  return storage.getStore();
}

/** The requirement a header value states: absent, a position, or (anything else) the primary. */
export function readRequirementOf(header: string | string[] | undefined): ReadRequirement {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  return parseLogPosition(value) ?? 'primary';
}
