import { DomainError } from '../errors/domain-error.js';

export type BusinessDateMode = 'automatic' | 'manual';

/** What GET /api/admin/business-date answers. */
export type BusinessDateStatus = {
  /** YYYY-MM-DD */
  date: string;
  mode: BusinessDateMode;
  timeZone: string;
  /** Manual mode, once set: who set the date last, and when. */
  setBy?: string;
  setAt?: string;
};

/**
 * The date business runs on: disbursal dates, payment value dates, quotes. Commands read it here and never from the
 * clock, so training, tests and catch-up can run on a date of their choosing (Apache Fineract's "business date").
 */
export interface BusinessDate {
  /** Today's business date, YYYY-MM-DD. */
  today(): Promise<string>;
  status(): Promise<BusinessDateStatus>;
  /** Manual mode only: moves the date, recording who moved it, from and to. */
  set(date: string, actorId: string): Promise<BusinessDateStatus>;
}

export const BUSINESS_DATE = Symbol('BUSINESS_DATE');

/** A PUT while the date follows the calendar: nothing to set. */
export class BusinessDateIsAutomatic extends DomainError {
  readonly code = 'BUSINESS_DATE.BUSINESS_DATE_IS_AUTOMATIC';
  readonly kind = 'conflict';
  override readonly title = 'The business date follows the calendar';
  constructor(timeZone: string) {
    super(`The business date is today in ${timeZone} (BUSINESS_DATE_MODE=automatic); it can be set only in manual mode.`, {
      mode: 'automatic',
    });
  }
}

/** Today's calendar date in a time zone, YYYY-MM-DD. */
export function calendarDateIn(timeZone: string, now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
