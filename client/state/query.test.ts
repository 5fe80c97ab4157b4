import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { ApiError } from '../api.ts';
import { createQueryClient, readQuery } from './query.ts';

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('[§7] query layer', () => {
  it('when a declared read is asked, then it GETs its path filled from the input, the rest as its query', async () => {
    const fetchMock = stubFetch(200, '{"visits":3}');
    const client = createQueryClient();
    expect(await client.fetchQuery(readQuery('/territories/:id/visits', { id: 5 }))).toEqual({ visits: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/territories/5/visits', { method: 'GET', credentials: 'include' });
    await client.fetchQuery(readQuery('/territories', { since: 40, fields: undefined }));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/territories?since=40', { method: 'GET', credentials: 'include' });
  });

  it("when a read's key is invalidated by its path, or by one territory, then only the answers it covers go stale", async () => {
    stubFetch(200, '{}');
    const client = createQueryClient();
    await client.fetchQuery(readQuery('/territories/:id', { id: 5 }));
    await client.fetchQuery(readQuery('/territories/:id', { id: 6 }));
    await client.fetchQuery(readQuery('/territories/:id/visits', { id: 5 }));
    await client.invalidateQueries({ queryKey: queryKeyOf('/territories/:id', { id: 5 }) });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.isStale())
      .map((query) => query.queryKey);
    expect(stale).toEqual([queryKeyOf('/territories/:id', { id: 5 })]);
    await client.invalidateQueries({ queryKey: queryKeyOf('/territories/:id') });
    expect(client.getQueryCache().findAll({ stale: true })).toHaveLength(2);
  });

  it('when a read gets 401, then it raises once, without a retry', async () => {
    const fetchMock = stubFetch(401, '{"message":"Not logged in"}');
    const client = createQueryClient();
    await expect(client.fetchQuery(readQuery('/payments/upcoming/:userId', { userId: 'u1' }))).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when the read is configured to return null on 401, then it answers null', async () => {
    stubFetch(401, '');
    const client = createQueryClient();
    expect(await client.fetchQuery(readQuery('/auth/me', undefined, { on401: 'returnNull' }))).toBeNull();
  });

  it('when data was fetched, then it never goes stale and is not refetched', async () => {
    const fetchMock = stubFetch(200, '[]');
    const client = createQueryClient();
    await client.fetchQuery(readQuery('/territories'));
    await client.fetchQuery(readQuery('/territories'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const defaults = client.getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
