import { isIsoDate } from '../../loan/domain/calendar.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import { currentPeriod, payoffOfRest, sumAmounts } from '../../loan/domain/schedule/current-period.js';
import { foldServicing } from '../../loan/domain/schedule/loan-servicing.js';
import type { ForeclosureQuote, ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import { owed, zeroAmounts } from '../../loan/domain/schedule/working-instalment.js';

/**
 * What pays the loan off on `date`, as Fineract's "till pre-close" products compute it:
 * everything due and unpaid, plus all principal still owed, plus the running period's
 * scheduled interest × days elapsed since the previous due date (or the disbursal) ÷ days
 * in the period, ties to even. Events dated after `date` are left out. A repayment of
 * `total` dated `date` closes the loan.
 */
export function foreclosureQuote(terms: ServicingTerms, events: readonly ServicingEvent[], date: string): ForeclosureQuote {
  if (!isIsoDate(date)) {
    throw new InvalidLoanInput([{ name: 'date', message: 'date must be a date (YYYY-MM-DD)' }]);
  }
  const state = foldServicing(
    terms,
    events.filter((event) => event.valueDate <= date),
  );
  const quote = zeroAmounts();
  for (const instalment of state.instalments.filter((candidate) => candidate.dueDate <= date)) {
    quote.principal += owed(instalment, 'principal');
    quote.interest += owed(instalment, 'interest');
    quote.fees += owed(instalment, 'fees');
    quote.penalties += owed(instalment, 'penalties');
  }
  const period = currentPeriod(state.instalments, terms.disbursedOn, date);
  if (period !== null) {
    const rest = payoffOfRest(state.instalments, period);
    quote.principal += rest.principal;
    quote.interest += rest.interest;
    quote.fees += rest.fees;
    quote.penalties += rest.penalties;
  }
  return { date, ...quote, total: sumAmounts(quote) };
}
