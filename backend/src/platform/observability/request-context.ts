import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What ties the work of one request (or one job) together: its correlation id, carried from the HTTP request into
 * the events' metadata and from the events into the jobs they cause. AsyncLocalStorage, so no signature changes.
 */
export type RequestContext = { correlationId: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithCorrelation<T>(correlationId: string, work: () => T): T {
  return storage.run({ correlationId }, work);
}

/** The correlation id of the request or job this code runs for, if any. */
export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/** A caller's X-Request-Id is honoured when it is a plain token (letters, digits, . _ : -, up to 64): never logged raw otherwise. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && WELL_FORMED.test(value) ? value : randomUUID();
}
