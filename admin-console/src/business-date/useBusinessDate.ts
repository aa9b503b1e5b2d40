import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';

export const BUSINESS_DATE_QUERY_KEY = ['business-date'];
/** The date may be moved by someone else in manual mode, and rolls over at midnight in automatic mode. */
const REFRESH_MS = 60_000;

/** GET /api/admin/business-date, one cache entry for the app bar and any page that shows it. */
export function useBusinessDate() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  return useQuery({ queryKey: BUSINESS_DATE_QUERY_KEY, queryFn: () => dataProvider.businessDate(), refetchInterval: REFRESH_MS });
}
