import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * A remote's server state: one TanStack Query cache for all its pages, so a page opened again
 * shows what it had at once and refetches behind it. Failures show at once (no silent retries), as
 * the pages' messages expect. Each remote makes its own (portal/src/queries.ts, admin/src/queries.ts);
 * imported by path, so the landing page, which reads no server state but the session, does not
 * carry TanStack Query in the shared kit.
 */
export function createQueryClient({ staleTime }: { staleTime: number }) {
  return new QueryClient({
    // A load that fails is logged here, once for every query (behaviour.md §8: some failures are only
    // logged); the page shows its own message from the query's error state.
    queryCache: new QueryCache({
      onError: (error, query) => console.warn(`could not load ${JSON.stringify(query.queryKey)}`, error),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime },
      mutations: { retry: false },
    },
  });
}

/** An exposed page with its remote's cache around it: the shell renders the page itself, so each brings its provider. */
export function withQueries(client: QueryClient, Page: ComponentType) {
  return function PageWithQueries() {
    return (
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>
    );
  };
}
