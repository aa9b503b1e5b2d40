import { DomainError } from '../../platform/errors/domain-error.js';

/**
 * A URL segment of a place name: the name's words joined by hyphens, letters and digits kept as written
 * (`Tamil Nadu` → `Tamil-Nadu`, `Bengaluru` → `Bengaluru`). Matching is on the lower-cased slug, so
 * `/karnataka/bengaluru` finds the page of `/Karnataka/Bengaluru`.
 */
export const placeSlug = (name: string): string =>
  name
    .normalize('NFKC')
    .trim()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('-');

/** The key a page is stored and looked up by: the lower-cased slug. */
export const placeKey = (segment: string): string => placeSlug(decodeSegment(segment)).toLowerCase();

/** A path segment as the browser sent it (`Tamil%20Nadu`), decoded; a malformed escape is taken as written. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The state of `states` a segment names (by slug, ignoring case), if any. */
export const stateNamed = (segment: string, states: readonly string[]): string | undefined => {
  const key = placeKey(segment);
  return states.find((s) => placeSlug(s).toLowerCase() === key);
};

/** The portal path of a page: `/Karnataka/Bengaluru`. */
export const statePagePath = (state: string, city: string): string => `/${placeSlug(state)}/${placeSlug(city)}`;

export class StatePageNotFound extends DomainError {
  readonly code = 'STATE_PAGE.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(what: string) {
    super(`No page is published for ${what}.`, {});
  }
}

export class StatePageTaken extends DomainError {
  readonly code = 'STATE_PAGE.ALREADY_EXISTS';
  readonly kind = 'conflict';
  constructor(state: string, city: string) {
    super(`A page for ${city}, ${state} already exists: edit that one.`, { state, city });
  }
}
