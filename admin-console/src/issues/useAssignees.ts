import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';

/** Staff who work issues, as select choices. */
export function useAssignees() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data } = useQuery({ queryKey: ['issue-assignees'], queryFn: () => dataProvider.issueAssignees(), staleTime: 60_000 });
  return data ?? [];
}
