import { useId, useRef, useState } from 'react';
import { openUrl } from '@lending/web-common/external-url';
import { businessDateOf, formatDate, formatMoney, plural } from '@lending/web-common/format';
import { amountDue, dueNow, isOpenInstalment, owedOn, type ForeclosureQuote, type Instalment } from '@lending/web-common/servicing';
import type { Loan } from '../../../api/loans';
import { createPayment, getForeclosureQuote, previewPayment, statementUrl } from '../../../api/servicing';
import { Instalments } from '../../../components/Instalments';
import { OverdueNotice, overdueOf } from '../../../components/OverdueNotice';
import { newKey } from '../../../components/newKey';
import { useAsync } from '../../../components/useAsync';
import { EXTERNAL_URLS } from '../../../external-urls';
import { chosenAmount, payChoices, type PayChoice } from '../../../lending/payment-choice';
import { useToast } from '../../../shell/Toasts';

const localToday = () => businessDateOf();

/**
 * A disbursed loan's repayments: what is due next, what is outstanding, the Pay form, the statement and each
 * instalment's status. The foreclosure quote's date is the business date, so "due" is judged on the lender's day.
 */
export function Repayments({ loan, instalments }: { loan: Loan; instalments: Instalment[] }) {
  const open = loan.state === 'active';
  const quote = useAsync(
    (signal) => (open ? getForeclosureQuote(loan.id, signal).catch(() => null) : Promise.resolve(null)),
    [loan.id, open, loan.updatedAt],
  );
  const today = quote.data?.date ?? localToday();
  // Due now is only what has fallen due on the business date (issue 27); the next instalment is shown, not offered.
  const lines = open ? dueNow(instalments, today) : null;
  const next = open && !lines ? amountDue(instalments, today) : null;
  // Overdue: the amount to pay now is the server's (business date, penal charges included), not a browser sum.
  const overdue = overdueOf(loan);
  const due = lines && overdue ? { ...lines, amount: overdue.amountDueNow } : lines;
  const outstanding = loan.outstanding?.total ?? null;
  return (
    <section className="section" aria-labelledby="repayments">
      <h2 id="repayments">Repayments</h2>
      <OverdueNotice loan={loan} inPage />
      {loan.state === 'closed' ? (
        <p className="notice" data-testid="loan-closed">
          This loan is closed: everything is repaid. Thank you.
        </p>
      ) : null}
      <dl className="figures">
        <div>
          <dt>{due ? (due.late ? 'Due now, overdue since ' + formatDate(due.dueDate) : 'Due now (due today)') : 'Due now'}</dt>
          <dd data-testid="amount-due">{due ? formatMoney(due.amount, loan.currency) : 'Nothing'}</dd>
        </div>
        {next ? (
          <div>
            <dt>Next instalment, {formatDate(next.dueDate)}</dt>
            <dd data-testid="next-instalment">{formatMoney(next.amount, loan.currency)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Outstanding</dt>
          <dd data-testid="outstanding">{formatMoney(outstanding, loan.currency)}</dd>
        </div>
        {loan.creditBalance ? (
          <div>
            <dt>In credit</dt>
            <dd data-testid="credit-balance">{formatMoney(loan.creditBalance, loan.currency)}</dd>
          </div>
        ) : (
          <div>
            <dt>Paid so far</dt>
            <dd>
              {formatMoney(
                instalments.reduce((sum, l) => sum + l.paidPrincipal + l.paidInterest + l.paidFees + l.paidPenalties, 0),
                loan.currency,
              )}
            </dd>
          </div>
        )}
      </dl>
      {loan.creditBalance ? (
        <p className="muted small">You paid more than the loan asked for; we refund the credit to your bank account.</p>
      ) : null}
      {open && !quote.loading ? <PayForm loan={loan} choices={payChoices(due, quote.data, loan.currency)} quote={quote.data} /> : null}
      <p>
        <a href={statementUrl(loan.id)} target="_blank" rel="noopener">
          Statement of account (PDF)
        </a>{' '}
        <span className="muted small">every payment and charge with the balance after it</span>
      </p>
      <Instalments lines={instalments} currency={loan.currency} caption={plural(instalments.length, 'instalment')} />
    </section>
  );
}

function PayForm({ loan, choices, quote }: { loan: Loan; choices: PayChoice[]; quote: ForeclosureQuote | null }) {
  const toast = useToast();
  const id = useId();
  // What is due when something is; otherwise an amount of the borrower's own (never the payoff by default).
  const [choiceId, setChoiceId] = useState<PayChoice['id']>(choices.some((c) => c.id === 'due') ? 'due' : 'other');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reducePrincipal, setReducePrincipal] = useState(false);
  const intent = useRef<{ amount: number; reducePrincipal: boolean; key: string } | null>(null);
  const choice = choices.find((c) => c.id === choiceId) ?? choices[0];
  const preview = chosenAmount(choice, typed, loan.currency, quote?.total ?? null);
  const amount = 'amount' in preview ? preview.amount : null;

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    if ('error' in preview) {
      setError(preview.error);
      return;
    }
    // One payment per intended amount: pressing Pay again after a timeout reuses the key, so it is created once.
    if (intent.current?.amount !== preview.amount || intent.current.reducePrincipal !== reducePrincipal)
      intent.current = { amount: preview.amount, reducePrincipal, key: newKey() };
    setBusy(true);
    try {
      const created = await createPayment(loan.id, preview.amount, reducePrincipal, intent.current.key);
      if (!openUrl(created.redirectUrl, EXTERNAL_URLS)) {
        toast.error('We could not open the payment page. Please try again later.');
        setBusy(false);
      }
    } catch (e) {
      toast.error((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <form id="pay" className="card pay-form" onSubmit={(e) => void pay(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Make a payment</h3>
      <fieldset className="choices">
        <legend className="muted small">How much do you want to pay?</legend>
        {choices.map((c) => (
          <label key={c.id} className="check">
            <input
              type="radio"
              name="pay-choice"
              value={c.id}
              checked={choiceId === c.id}
              onChange={() => {
                setChoiceId(c.id);
                setError(null);
              }}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </fieldset>
      {choice.id === 'other' ? (
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount (₹)</label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
          />
          {error ? (
            <p className="field__error" id={`${id}-error`}>
              {error}
            </p>
          ) : (
            <p className="field__hint" id={`${id}-hint`}>
              A part payment pays the oldest dues first; more than is due pays your next instalments ahead, unless you choose to reduce the
              principal below.
            </p>
          )}
        </div>
      ) : null}
      {choice.id !== 'payoff' ? (
        <label className="check">
          <input
            type="checkbox"
            checked={reducePrincipal}
            onChange={(e) => setReducePrincipal(e.target.checked)}
            data-testid="reduce-principal"
          />
          <span>
            Pay extra to reduce principal: what goes beyond what is due and this month’s instalment lowers what you owe, instead of paying
            the next instalments ahead
          </span>
        </label>
      ) : null}
      {amount !== null ? <SchedulePreview loan={loan} amount={amount} reducePrincipal={reducePrincipal} /> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Opening the payment page…' : 'amount' in preview ? `Pay ${formatMoney(preview.amount, loan.currency)}` : 'Pay'}
      </button>
      <p className="muted small">You pay on our payment partner’s secure page and come back here to see the result.</p>
    </form>
  );
}

/** The schedule this payment would leave, from the server's own servicing fold, shown before the borrower pays. */
function SchedulePreview({ loan, amount, reducePrincipal }: { loan: Loan; amount: number; reducePrincipal: boolean }) {
  const after = useAsync((signal) => previewPayment(loan.id, amount, reducePrincipal, signal), [loan.id, amount, reducePrincipal]);
  if (after.error) return <p className="muted small">{after.error.message}</p>;
  if (!after.data)
    return (
      <p className="muted small" aria-live="polite">
        Working out your schedule after this payment…
      </p>
    );
  const { outstanding, instalments, instalmentAmount } = after.data;
  const nextOpen = instalments.find(isOpenInstalment);
  return (
    <details className="preview" data-testid="payment-preview">
      <summary aria-live="polite">
        After this payment you owe {formatMoney(outstanding.total, loan.currency)}
        {nextOpen
          ? `; next payment ${formatMoney(owedOn(nextOpen), loan.currency)} on ${formatDate(nextOpen.dueDate)}, EMI ${formatMoney(instalmentAmount, loan.currency)}`
          : ''}
        . See the new schedule
      </summary>
      <Instalments
        lines={instalments}
        currency={loan.currency}
        caption={`Your schedule after paying ${formatMoney(amount, loan.currency)}`}
      />
    </details>
  );
}
