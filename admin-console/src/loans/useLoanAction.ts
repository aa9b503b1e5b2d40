import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { LendingDataProvider, LoanAction } from '../providers/dataProvider';
import { ACTIONS } from './actions';
import { STATE_LABELS } from './queues';
import type { AdminLoan as Loan } from '@lending/web-common/api';

type Variables = { id: string; action: LoanAction; body: Record<string, unknown>; idempotencyKey: string };

/** Sends one loan command; on success says where the loan went and refreshes every view of loans. */
export function useLoanAction(options: { quiet?: boolean } = {}) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation<Loan, Error, Variables>({
    mutationFn: ({ id, action, body, idempotencyKey }) => dataProvider.loanAction(id, action, body, idempotencyKey),
    onSuccess: (loan, { action }) => {
      if (!options.quiet)
        notify(`${ACTIONS[action].label}: done. The loan is now ${STATE_LABELS[loan.state] ?? loan.state}.`, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['loan-queues'] });
      void queryClient.invalidateQueries({ queryKey: ['loan-history', loan.id] });
      refresh();
    },
  });
}
