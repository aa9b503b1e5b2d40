import { Link } from 'react-router';
import { formatMoney } from '@lending/web-common/format';
import type { Loan } from '../api/loans';

/** An overdue loan's arrears as the server computed them for the business date; null when nothing is overdue. */
export function overdueOf(loan: Loan): NonNullable<Loan['arrears']> | null {
  return loan.state === 'active' && loan.arrears && loan.arrears.daysOverdue > 0 ? loan.arrears : null;
}

export const daysOverdueText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} overdue`;

/**
 * What an overdue loan asks of the borrower now: how many days overdue, the amount to pay now with the late-payment
 * charges in it, and a Pay button to the loan's Pay form (`inPage` on the loan page, where the form is below).
 */
export function OverdueNotice({ loan, inPage = false }: { loan: Loan; inPage?: boolean }) {
  const overdue = overdueOf(loan);
  if (!overdue) return null;
  const payTo = `/User/Loans/${loan.id}#pay`;
  return (
    <div className="overdue" role="status" data-testid="overdue">
      <p className="overdue__days" data-testid="days-overdue">
        {daysOverdueText(overdue.daysOverdue)}
      </p>
      <p>
        Pay now: <strong data-testid="amount-due-now">{formatMoney(overdue.amountDueNow, loan.currency)}</strong>
        {overdue.chargesDue > 0 ? (
          <span className="small" data-testid="charges-due">
            {' '}
            (includes {formatMoney(overdue.chargesDue, loan.currency)} in late-payment charges)
          </span>
        ) : null}
      </p>
      {inPage ? (
        <a className="button button--primary" href="#pay">
          Pay {formatMoney(overdue.amountDueNow, loan.currency)}
        </a>
      ) : (
        <Link className="button button--primary" to={payTo}>
          Pay {formatMoney(overdue.amountDueNow, loan.currency)}
        </Link>
      )}
    </div>
  );
}
