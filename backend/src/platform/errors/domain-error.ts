/**
 * What kind of refusal an error is, in words the domain understands. The one exception filter
 * (`platform/http/problem.filter.ts`) turns a kind into an HTTP status; nothing else knows statuses.
 */
export type ErrorKind =
  | 'invalid' // the input breaks a rule (400)
  | 'unauthenticated' // who is asking is unknown, or their session is over (401)
  | 'forbidden' // who is asking may not do this (403)
  | 'not-found' // the thing does not exist, or is not theirs to see (404)
  | 'conflict' // the current state does not allow it (409)
  | 'unprocessable' // well-formed and allowed, but cannot be done as asked (422)
  | 'too-many' // an abuse limit; `details.retryAfter` says when to try again (429)
  | 'unavailable'; // a capability is off or busy (503)

/**
 * The one base of every coded error in every context. `code` is stable and namespaced
 * (`LOAN.ILLEGAL_TRANSITION`, `AUTH.SESSION_REVOKED`); the API's problem `type` is the part after the dot in
 * kebab case (`illegal-transition`). `details` are plain data a client may read (they become problem members);
 * `title` is an optional short summary for people, when the kind's generic one would not do.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  abstract readonly kind: ErrorKind;
  readonly title?: string;

  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The problem `type` of a code: `AUTH.SESSION_REVOKED` -> `session-revoked`. */
export const typeOfCode = (code: string): string =>
  code
    .slice(code.indexOf('.') + 1)
    .toLowerCase()
    .replace(/_/g, '-');
