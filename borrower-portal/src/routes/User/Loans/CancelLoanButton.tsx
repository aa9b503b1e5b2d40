import { useRef, useState } from 'react';
import { cancelLoan, type Loan } from '../../../api/loans';
import { newKey } from '../../../components/newKey';
import { canCancel } from '../../../lending/steps';
import { useConfirm } from '../../../shell/ConfirmDialog';
import { useToast } from '../../../shell/Toasts';

/** Cancel before the money is sent: confirmed, with a required reason. */
export function CancelLoanButton({ loan, onCancelled }: { loan: Loan; onCancelled(loan: Loan): void }) {
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const key = useRef<{ reason: string; key: string } | null>(null);
  if (!canCancel(loan)) return null;
  const cancel = async () => {
    const answer = await confirm({
      title: 'Cancel this application?',
      message: 'The application stops here and cannot be reopened. You can always apply again.',
      confirmLabel: 'Cancel application',
      cancelLabel: 'Keep it',
      danger: true,
      reason: { label: 'Why are you cancelling?', placeholder: 'For example: I no longer need the loan' },
    });
    if (!answer.confirmed || !answer.reason) return;
    if (key.current?.reason !== answer.reason) key.current = { reason: answer.reason, key: newKey() };
    setBusy(true);
    try {
      onCancelled(await cancelLoan(loan.id, answer.reason, key.current.key));
      toast.success('Your application is cancelled.');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--danger-ghost" disabled={busy} onClick={() => void cancel()}>
      Cancel application
    </button>
  );
}
