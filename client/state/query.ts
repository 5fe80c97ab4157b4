// The one query layer of the client, with docs/rules.md §7's semantics: no retries, data never goes stale,
// no refetch on focus and no polling (the live room pushes what changes; callers invalidate keys).
import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { getPath, type On401 } from '../api.ts';

// docs/rules.md §7: a default read GETs the path built from the query-key parts joined by slashes,
// so ['/api/territories', 5, 'visits'] reads /api/territories/5/visits.
export function pathOf(queryKey: QueryKey): string {
  return queryKey.map((part) => String(part)).join('/');
}

// A read that should answer null on 401 either passes this as its queryFn or sets
// `meta: { on401: 'returnNull' }` and keeps the default.
export function getQueryFn<T>(on401: On401): QueryFunction<T | null> {
  return ({ queryKey }) => getPath<T>(pathOf(queryKey), on401);
}

const defaultQueryFn: QueryFunction = ({ queryKey, meta }) =>
  getPath(pathOf(queryKey), meta?.on401 === 'returnNull' ? 'returnNull' : 'throw');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
