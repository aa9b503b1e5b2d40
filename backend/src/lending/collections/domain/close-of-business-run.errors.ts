import { LoanDomainError } from '../../loan/domain/loan.errors.js';

/** In automatic mode the nightly run closes each day; the console's run is for a date staff moved (manual mode). */
export class CloseOfBusinessIsNightly extends LoanDomainError {
  readonly code = 'COLLECTIONS.CLOSE_OF_BUSINESS_IS_NIGHTLY';
  readonly kind = 'conflict';
  override readonly title = 'Close of business runs every night';
  constructor(timeZone: string) {
    super(
      `The business date follows the calendar (BUSINESS_DATE_MODE=automatic), so close of business runs by itself every night at 00:05 in ${timeZone} ` +
        'and closes the day that just ended. Running it from the console is for manual mode (BUSINESS_DATE_MODE=manual), after moving the date.',
      { mode: 'automatic' },
    );
  }
}

/** One run at a time: the answer names the run that is going, to follow instead. */
export class CloseOfBusinessRunning extends LoanDomainError {
  readonly code = 'COLLECTIONS.CLOSE_OF_BUSINESS_RUNNING';
  readonly kind = 'conflict';
  override readonly title = 'Close of business is already running';
  constructor(runId: string | null, date: string | null) {
    super(`Close of business is already running${date ? ` for ${date}` : ''}; follow that run, and start another once it has finished.`, {
      runId,
      date,
    });
  }
}

export class CloseOfBusinessRunNotFound extends LoanDomainError {
  readonly code = 'COLLECTIONS.CLOSE_OF_BUSINESS_RUN_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No close of business run ${id}`, { id });
  }
}
