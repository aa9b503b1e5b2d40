import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useAccess } from '../permissions/useAccess';
import type { LendingDataProvider } from '../providers/dataProvider';

export const BUCKET_COUNTS_REFRESH_MS = 15000;
export const BUCKET_COUNTS_KEY = ['collection-buckets'] as const;
export const COLLECTORS_KEY = ['collectors'] as const;

/** GET /api/admin/collection-buckets, shared by the menu, the tabs and the dashboard (one request, one cache entry). */
export function useBucketCounts() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const canAccess = useAccess('list', 'Collections');
  return useQuery({
    queryKey: BUCKET_COUNTS_KEY,
    queryFn: () => dataProvider.collectionBuckets(),
    enabled: Boolean(canAccess),
    refetchInterval: BUCKET_COUNTS_REFRESH_MS,
  });
}

/** The staff loans may be assigned to (GET /api/admin/collectors), for the filter, the assign dialogs and names. */
export function useCollectors() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const canAccess = useAccess('list', 'Collections');
  return useQuery({ queryKey: COLLECTORS_KEY, queryFn: () => dataProvider.collectors(), enabled: Boolean(canAccess), staleTime: 60_000 });
}

/** A collector's name by id ("Unassigned" for none; the id's start when the collector is not listed). */
export function useCollectorName(): (id: string | null | undefined) => string {
  const { data } = useCollectors();
  return (id) => {
    if (!id) return 'Unassigned';
    return data?.find((c) => c.id === id)?.name ?? id.slice(0, 8);
  };
}
