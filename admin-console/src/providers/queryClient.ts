import { QueryClient } from '@tanstack/react-query';

/** The console's one react-query cache (react-admin's and our own queries), shared with the authProvider. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 2000, refetchOnWindowFocus: true, retry: (count, error) => count < 1 && !(error as { status?: number }).status } } });
