// The one query layer of the client, with docs/rules.md §7's semantics: no retries, data never goes stale,
// no refetch on focus and no polling (the live room pushes what changes; callers invalidate keys).
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { queryKeyOf } from '../../schema/reads/address.ts';
import type { ReadAt, ReadPath } from '../../schema/reads/index.ts';
import type { AnswerOf, ReadInput } from '../../schema/reads/registry.ts';
import { read } from '../api.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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

/** Who the answer is for, when it differs by viewer: kept apart in the cache, so a tab that logs in as someone else never shows the last one's. */
interface ReadQueryOptions {
  viewer?: string | null;
}

/**
 * A declared read (schema/reads/), named by its path, as a query: its key, `queryKeyOf(path, input)`
 * (then the viewer, when given), by which the live facts invalidate it, and its fetch. With
 * `on401: 'returnNull'` a 401 answers null (a visitor's answer).
 */
export function readQuery<P extends ReadPath>(
  path: P,
  input?: ReadInput<ReadAt<P>>,
  options?: ReadQueryOptions & { on401?: 'throw' },
): { queryKey: QueryKey; queryFn: () => Promise<AnswerOf<ReadAt<P>>> };
export function readQuery<P extends ReadPath>(
  path: P,
  input: ReadInput<ReadAt<P>> | undefined,
  options: ReadQueryOptions & { on401: 'returnNull' },
): { queryKey: QueryKey; queryFn: () => Promise<AnswerOf<ReadAt<P>> | null> };
export function readQuery<P extends ReadPath>(
  path: P,
  input?: ReadInput<ReadAt<P>>,
  { viewer, on401 = 'throw' }: ReadQueryOptions & { on401?: 'throw' | 'returnNull' } = {},
) {
  const key = queryKeyOf(path, viewer === undefined ? input : (input ?? ({} as ReadInput<ReadAt<P>>)));
  return {
    queryKey: viewer === undefined ? key : [...key, viewer ?? ''],
    queryFn: () => read(path, input, on401),
  };
}

/** The list of a read that pages only when asked (docs/rules.md §7): the client does not ask, so its answer is the plain list. */
export const plainList = <T>(answer: T[] | { items: T[] }): T[] => ('items' in answer ? answer.items : answer);
