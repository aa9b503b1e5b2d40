import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';

/** The events a template can answer and their variables; fixed per build, so fetched once. */
export function useTemplateEvents() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  return useQuery({ queryKey: ['email-template-events'], queryFn: () => dataProvider.emailTemplateEvents(), staleTime: Infinity });
}
