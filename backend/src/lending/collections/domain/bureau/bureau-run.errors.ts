import { LoanDomainError } from '../../../loan/domain/loan.errors.js';
import type { TudfFileProblem } from './tudf.js';

/** A month is reported once it has ended for the business (bureau-account.ts, monthHasEnded): a field problem. */
export class BureauMonthNotEnded extends LoanDomainError {
  readonly code = 'BUREAU.MONTH_NOT_ENDED';
  readonly kind = 'invalid';
  override readonly title = 'Your request has invalid fields';
  constructor(month: string, businessDate: string) {
    const message = `${month} has not ended: the business date is ${businessDate}. Choose a month before it.`;
    super(message, { fields: [{ name: 'month', message }] });
  }
}

/** The file failed its own check after writing: nothing is stored (a fault of ours, never sent to the bureau). */
export class BureauFileMalformed extends LoanDomainError {
  readonly code = 'BUREAU.FILE_MALFORMED';
  readonly kind = 'unprocessable';
  constructor(readonly problems: TudfFileProblem[]) {
    super('The bureau file failed its check after writing, so it was not stored; the problems are listed.', { problems });
  }
}

export class BureauRunNotFound extends LoanDomainError {
  readonly code = 'BUREAU.RUN_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No bureau run ${id}`, { id });
  }
}
