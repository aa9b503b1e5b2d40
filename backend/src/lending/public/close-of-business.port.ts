/**
 * A run's answer: `loansProcessed` loans were aged through `date` (the whole book COB covers); `loansVisited` of them
 * had something to record by then and were decided; `eventsAppended` events were recorded; `remindersQueued` reminders
 * were queued for the contact window (the step after ageing); `presentationsDecided` instalments on loans with an
 * active mandate were presented (or notified, or sent to manual collection) and `presentationsSent` presentations were
 * sent to the provider (the auto-debit step, after ageing).
 */
export type CloseOfBusinessResult = {
  date: string;
  loansProcessed: number;
  loansVisited: number;
  eventsAppended: number;
  remindersQueued: number;
  presentationsDecided: number;
  presentationsSent: number;
};

/**
 * Close of business, for the operator's entry points (`npm run cli -- close-of-business`): age every active loan
 * through the date, catching up missed days, as the system (no staff member asked). Also the DI token.
 */
export abstract class BusinessDayClose {
  /** Through `date` (YYYY-MM-DD, never after the business date), or through the business date when none is given. */
  abstract closeThrough(date?: string): Promise<CloseOfBusinessResult>;
}

/** The stream close of business records each closed business day in (one BusinessDayClosed per date, in date order). */
export const BUSINESS_DAYS_STREAM = 'business-days';

/**
 * A business day closed: every loan was aged through `date` first. `provisionRates` are the IRAC rates in force
 * (table provision_rates, basis points by category) so that the books post provisions from the log alone.
 */
export type BusinessDayClosed = { type: 'BusinessDayClosed'; data: { date: string; provisionRates: Record<string, number> } };
