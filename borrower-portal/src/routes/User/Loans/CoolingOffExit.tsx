import { useRef, useState } from 'react';
import { openUrl } from '@lending/web-common/external-url';
import { formatDate, formatMoney } from '@lending/web-common/format';
import type { Loan } from '../../../api/loans';
import { exitInCoolingOff, getCoolingOff, type CoolingOff } from '../../../api/cooling-off';
import { createPayment } from '../../../api/servicing';
import { newKey } from '../../../components/newKey';
import { useAsync } from '../../../components/useAsync';
import { EXTERNAL_URLS } from '../../../external-urls';
import { useConfirm } from '../../../shell/ConfirmDialog';
import { useToast } from '../../../shell/Toasts';

/** "23:59:59 IST on 24 Nov 2026": the window's end as the borrower reads it (the day is an IST day). */
export const deadlineLabel = (lastDay: string) => `23:59:59 IST on ${formatDate(lastDay)}`;

/**
 * The cooling-off exit (issue 33; RBI Digital Lending Directions 2025): while the window is open, "Exit this loan"
 * with the exact amount and the deadline; once asked, a Pay button for that amount through the usual payment page.
 */
export function CoolingOffExit({ loan }: { loan: Loan }) {
  const [asked, setAsked] = useState<CoolingOff | null>(null);
  const view = useAsync(
    (signal) =>
      loan.state === 'active' || loan.state === 'closed' ? getCoolingOff(loan.id, signal).catch(() => null) : Promise.resolve(null),
    [loan.id, loan.state, loan.updatedAt],
  );
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exitKey = useRef(newKey());
  const payKey = useRef<{ amount: number; key: string } | null>(null);
  const data = asked ?? view.data;
  if (!data || !data.lastDay) return null;
  const exit = data.exit;
  if (exit?.status === 'exited')
    return (
      <p className="notice" data-testid="cooling-off-exited">
        You exited this loan in its cooling-off period: {formatMoney(exit.amount, loan.currency)} received, nothing more is owed.
      </p>
    );
  if (!exit && !(data.open && data.quote)) return null;

  const ask = async () => {
    const quote = data.quote!;
    const answer = await confirm({
      title: 'Exit this loan?',
      message:
        `You repay ${formatMoney(quote.amount, loan.currency)} (the ${formatMoney(quote.principal, loan.currency)} you received and ` +
        `${formatMoney(quote.interest, loan.currency)} interest for ${quote.daysHeld} day${quote.daysHeld === 1 ? '' : 's'}), with no penalty. ` +
        `Pay it by ${deadlineLabel(data.lastDay!)}; the loan closes when it is received.`,
      confirmLabel: 'Exit this loan',
      cancelLabel: 'Keep the loan',
    });
    if (!answer.confirmed) return;
    setBusy(true);
    try {
      setAsked(await exitInCoolingOff(loan.id, exitKey.current));
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const pay = async (amount: number) => {
    if (payKey.current?.amount !== amount) payKey.current = { amount, key: newKey() };
    setBusy(true);
    try {
      const created = await createPayment(loan.id, amount, false, payKey.current.key);
      if (!openUrl(created.redirectUrl, EXTERNAL_URLS)) {
        toast.error('We could not open the payment page. Please try again later.');
        setBusy(false);
      }
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <section className="section card" aria-labelledby="cooling-off" data-testid="cooling-off">
      <h2 id="cooling-off">Changed your mind? Exit this loan</h2>
      {exit ? (
        exit.status === 'pending' ? (
          <p>Your exit is being approved. You will then pay {formatMoney(exit.amount, loan.currency)} to close the loan.</p>
        ) : (
          <>
            <p>
              Pay <strong data-testid="cooling-off-amount">{formatMoney(exit.remaining, loan.currency)}</strong> by{' '}
              <strong data-testid="cooling-off-deadline">{deadlineLabel(exit.lastDay)}</strong> and the loan closes, with no penalty.
            </p>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void pay(exit.remaining)}>
              Pay {formatMoney(exit.remaining, loan.currency)}
            </button>
          </>
        )
      ) : (
        <>
          <p>
            Until <strong data-testid="cooling-off-deadline">{deadlineLabel(data.lastDay)}</strong> (the cooling-off period of{' '}
            {data.coolingOffDays} day{data.coolingOffDays === 1 ? '' : 's'} in your Key Facts Statement) you can end this loan by repaying{' '}
            <strong data-testid="cooling-off-amount">{formatMoney(data.quote!.amount, loan.currency)}</strong>: the amount you received and
            the interest for the {data.quote!.daysHeld} day{data.quote!.daysHeld === 1 ? '' : 's'} you held it, with no penalty
            {data.feeRetained ? ' (the processing fee is kept, as the KFS says)' : ' and no processing fee'}.
          </p>
          <button type="button" className="button button--danger-ghost" disabled={busy} onClick={() => void ask()}>
            Exit this loan
          </button>
        </>
      )}
    </section>
  );
}
