import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { openUrl } from '@lending/web-common/external-url';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { cancelMandate, getMandates, registerMandate, type MyMandate, type MyPresentation } from '../../../api/mandates';
import type { Loan } from '../../../api/loans';
import { useAsync } from '../../../components/useAsync';
import { EXTERNAL_URLS } from '../../../external-urls';
import { useToast } from '../../../shell/Toasts';

const KIND: Record<string, string> = { 'e-nach': 'e-NACH (net banking or debit card)', 'upi-autopay': 'UPI AutoPay' };
const STATUS: Record<string, string> = {
  pending: 'Waiting for your bank',
  active: 'Active',
  failed: 'Not authorised',
  paused: 'Paused',
  cancelled: 'Cancelled',
};
const RESULT: Record<string, string> = { presented: 'Requested', submitted: 'Sent to your bank', succeeded: 'Paid', bounced: 'Returned' };
/** Why a mandate ended (MandateCancelled's cause), in the borrower's words; a cause not listed reads as itself. */
const CANCEL_CAUSE: Record<string, string> = {
  'loan-closed': 'Your loan is repaid and closed, so nothing more is debited',
  'loan-settled': 'Your loan is settled, so nothing more is debited',
  'loan-written-off': 'Your loan is closed by the lender',
  'borrower-request': 'You cancelled it',
  staff: 'We cancelled it',
  'cancelled-at-bank': 'You cancelled it at your bank',
  'account-closed': 'Your bank account is closed',
};
/** Whether the borrower still pays by hand after this cause: not once the loan itself has ended. */
const LOAN_ENDED = new Set(['loan-closed', 'loan-settled', 'loan-written-off']);

/**
 * What the borrower reads on coming back from their bank's page (`?mandateId=` on the loan page): the outcome of that
 * registration, in words, or nothing for another mandate or none.
 */
export function returnMessage(mandate: Pick<MyMandate, 'status' | 'failureReason'> | undefined): string | null {
  switch (mandate?.status) {
    case 'active':
      return 'Auto-debit is set up: each instalment will be collected from your bank account on its due date.';
    case 'pending':
      return 'Your bank has not confirmed the auto-debit yet. This page shows it once they do.';
    case 'failed':
      return `Your bank did not authorise the auto-debit${mandate.failureReason ? ` (${mandate.failureReason})` : ''}. You can try again, or pay each instalment from this page by its due date.`;
    default:
      return null;
  }
}

/** A returned debit's next try: still to come (keep the money there, or pay now), or done (the later attempt is listed). */
export const nextTry = (p: Pick<MyPresentation, 'latest' | 'nextAttemptOn'>) =>
  p.latest
    ? `We will try again on ${formatDate(p.nextAttemptOn!)}: keep the amount in your account that day, or pay it now below`
    : `Presented again on ${formatDate(p.nextAttemptOn!)}`;

const OPEN = new Set(['pending', 'active', 'paused']);
const REGISTRABLE = new Set(['final.pending', 'disbursal.pending', 'active']);

/**
 * The borrower's auto-debit (issue 32): set it up after signing (e-NACH or UPI AutoPay, authorised at their bank),
 * see the mandate's terms and each instalment presented with its result, cancel it. Usable at 360 px: one column, the
 * presentations as a list rather than a wide table.
 */
export function AutoDebit({ loan }: { loan: Pick<Loan, 'id' | 'state' | 'currency'> }) {
  const toast = useToast();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const { data, error, reload } = useAsync((signal) => getMandates(loan.id, signal), [loan.id]);
  if (error || !data) return null;
  const money = (minor: number) => formatMoney(minor, loan.currency);
  const open = data.mandates.find((m) => OPEN.has(m.status));
  const shown = open ?? data.mandates[0];
  const returned = params.get('mandateId') ? data.mandates.find((m) => m.id === params.get('mandateId')) : undefined;
  const outcome = returnMessage(returned);
  // A loan past the point of auto-debit (closed, exited, rejected) that never had a mandate: nothing to offer or show.
  if (!shown && !REGISTRABLE.has(loan.state)) return null;

  const register = async (kind: MyMandate['kind']) => {
    setBusy(true);
    try {
      const started = await registerMandate(loan.id, kind);
      if (!openUrl(started.redirectUrl, EXTERNAL_URLS)) {
        toast.error('We could not open your bank’s page. Please try again later.');
        setBusy(false);
      }
    } catch (e) {
      toast.error((e as Error).message);
      setBusy(false);
    }
  };
  const cancel = async (mandateId: string) => {
    setBusy(true);
    try {
      await cancelMandate(mandateId);
      toast.success('Auto-debit cancelled. Please pay each instalment by its due date.');
      reload();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="auto-debit" data-testid="auto-debit">
      <h2 id="auto-debit">Auto-debit</h2>
      {outcome && (
        <p role="status" className={returned?.status === 'active' ? 'notice notice--good' : 'notice'} data-testid="mandate-outcome">
          {outcome}
        </p>
      )}
      {shown ? (
        <dl className="facts">
          <dt>Method</dt>
          <dd>{KIND[shown.kind]}</dd>
          <dt>Status</dt>
          <dd>{STATUS[shown.status] ?? shown.status}</dd>
          {shown.providerReference && (
            <>
              <dt>Mandate reference</dt>
              <dd>{shown.providerReference}</dd>
            </>
          )}
          <dt>Maximum per debit</dt>
          <dd>{money(shown.maxAmount)}</dd>
          <dt>Valid</dt>
          <dd>
            {formatDate(shown.validFrom)} to {formatDate(shown.validUntil)}
          </dd>
          {shown.failureReason && (
            <>
              <dt>Why</dt>
              <dd>{shown.failureReason}</dd>
            </>
          )}
          {shown.status === 'cancelled' && shown.cancelCause && (
            <>
              <dt>Why</dt>
              <dd>
                {CANCEL_CAUSE[shown.cancelCause] ?? shown.cancelCause}
                {LOAN_ENDED.has(shown.cancelCause) ? '.' : '. Please pay each instalment from this page by its due date.'}
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted">Let us collect each instalment from your bank account on its due date, so you never miss one.</p>
      )}
      {!open && REGISTRABLE.has(loan.state) && (
        <div className="actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void register('e-nach')}>
            Set up e-NACH
          </button>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void register('upi-autopay')}>
            Set up UPI AutoPay
          </button>
        </div>
      )}
      {open && open.status !== 'pending' && (
        <div className="actions">
          <button type="button" className="button button--danger-ghost" disabled={busy} onClick={() => void cancel(open.id)}>
            Cancel auto-debit
          </button>
        </div>
      )}
      {data.presentations.length > 0 && (
        <>
          <h3>Debits</h3>
          <ul className="plain-list" aria-label="Debits">
            {data.presentations.map((p) => (
              <li key={p.id}>
                <strong>
                  Instalment {p.instalmentNumber}
                  {p.attempt > 1 ? ` (try ${p.attempt})` : ''}: {money(p.amount)}
                </strong>{' '}
                on {formatDate(p.presentedOn)} — {RESULT[p.status] ?? p.status}
                {p.reason ? `: ${p.reason}` : ''}
                {p.bounceCharge ? `. Bounce charge ${money(p.bounceCharge)}` : ''}
                {p.nextAttemptOn ? `. ${nextTry(p)}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {data.manualCollections.length > 0 && (
        <p className="muted">Some instalments are not auto-debited: please pay them from this page (Make a payment).</p>
      )}
    </section>
  );
}
