import type { LoanQueueCounts } from '@lending/web-common/api';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useAccess } from '../permissions/useAccess';
import type { LendingDataProvider } from '../providers/dataProvider';
import { takeArrivedQueueCounts } from '../providers/startup-requests';

export const QUEUE_COUNTS_REFRESH_MS = 15000;

/** The answer the entry chunk already has, read when the query is created: its data, then its time (react-query). */
let arrived: { body: unknown; at: number } | undefined;

/** GET /api/admin/loan-queues, shared by the menu and the dashboard (one request, one cache entry). */
export function useQueueCounts() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const canAccess = useAccess('list', 'loans');
  return useQuery({
    queryKey: ['loan-queues'],
    queryFn: () => dataProvider.loanQueues(),
    enabled: Boolean(canAccess),
    refetchInterval: QUEUE_COUNTS_REFRESH_MS,
    // Opened signed in, the counts asked at load (providers/startup-requests.ts) are often in before react-admin has
    // rendered: the first render shows them, as of when they arrived (stale after staleTime like any answer).
    initialData: () => (arrived = takeArrivedQueueCounts())?.body as LoanQueueCounts | undefined,
    initialDataUpdatedAt: () => arrived?.at,
  });
}
