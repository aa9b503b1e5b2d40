import { QueryClient, type Query } from '@tanstack/react-query';

/**
 * react-admin fills each record's getOne cache from a list's rows, and a list row is often a summary of the record
 * (an agreement without its signing evidence, an issue without its messages). A detail page opened within staleTime of
 * the list would show that summary and never ask for the record: getOne is therefore always stale (the row shows at
 * once, the record replaces it when it arrives); other queries stay fresh for 2 s.
 */
export const staleTimeOf = (query: Pick<Query, 'queryKey'>): number => (query.queryKey[1] === 'getOne' ? 0 : 2000);

/** The console's one react-query cache (react-admin's and our own queries), shared with the authProvider. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: staleTimeOf,
      refetchOnWindowFocus: true,
      retry: (count, error) => count < 1 && !(error as { status?: number }).status,
    },
  },
});
