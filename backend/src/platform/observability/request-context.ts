import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What ties the work of one request (or one job) together: its correlation id, carried from the HTTP request into
 * the events' metadata and from the events into the jobs they cause. AsyncLocalStorage, so no signature changes.
 */
export type RequestContext = { correlationId: string; logFields?: RequestLogFields };

/**
 * What application code may add to its request's log line (the command it ran, the loan it ran it on): named fields
 * of plain ids, so nothing else (a token, a password, a link) can be put there this way.
 */
export type RequestLogFields = { command?: string; loanId?: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** `logFields`: the request's own object, read by its log line when the response finishes (logging.ts). */
export function runWithCorrelation<T>(correlationId: string, work: () => T, logFields?: RequestLogFields): T {
  return storage.run(logFields ? { correlationId, logFields } : { correlationId }, work);
}

/** Adds the command and the loan id to the log line of the request this code runs for; a no-op in a job or a CLI. */
export function annotateRequestLog(fields: RequestLogFields): void {
  const target = storage.getStore()?.logFields;
  if (!target) return;
  if (fields.command !== undefined) target.command = fields.command;
  if (fields.loanId !== undefined) target.loanId = fields.loanId;
}

/** The correlation id of the request or job this code runs for, if any. */
export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/**
 * Runs `work` under the correlation id in an event's metadata (the request or job that appended it), so the jobs a
 * subscription enqueues for that event carry it (QueueBackend.add reads it) and the worker logs it. Subscriptions call
 * this per event, inside their batch loop: the batch keeps its one lookup, each event its own id.
 */
export function runForEvent<T>(event: { metadata: Record<string, unknown> }, work: () => T): T {
  const correlationId = event.metadata.correlationId;
  return typeof correlationId === 'string' && correlationId !== '' ? runWithCorrelation(correlationId, work) : work();
}

/** A caller's X-Request-Id is honoured when it is a plain token (letters, digits, . _ : -, up to 64): never logged raw otherwise. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && WELL_FORMED.test(value) ? value : randomUUID();
}
