import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';

export const QUEUE_COUNTS_REFRESH_MS = 15000;

/** GET /api/admin/loan-queues, shared by the menu and the dashboard (one request, one cache entry). */
export function useQueueCounts() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { canAccess } = useCanAccess({ action: 'list', resource: 'loans' });
  return useQuery({ queryKey: ['loan-queues'], queryFn: () => dataProvider.loanQueues(), enabled: Boolean(canAccess), refetchInterval: QUEUE_COUNTS_REFRESH_MS });
}
