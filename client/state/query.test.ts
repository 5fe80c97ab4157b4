import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api.ts';
import { createQueryClient, pathOf } from './query.ts';

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('[§7] query layer', () => {
  it('when a key has several parts, then the default read GETs them joined by slashes', async () => {
    const fetchMock = stubFetch(200, '{"visits":3}');
    const client = createQueryClient();
    expect(await client.fetchQuery({ queryKey: ['/api/territories', 5, 'visits'] })).toEqual({ visits: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/territories/5/visits', { method: 'GET', credentials: 'include' });
    expect(pathOf(['/api/users', 'u1'])).toBe('/api/users/u1');
  });

  it('when a default read gets 401, then it raises once, without a retry', async () => {
    const fetchMock = stubFetch(401, '{"message":"Not logged in"}');
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/payments/upcoming', 'u1'] })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when the read is configured to return null on 401, then it answers null', async () => {
    stubFetch(401, '');
    const client = createQueryClient();
    expect(await client.fetchQuery({ queryKey: ['/api/auth/me'], meta: { on401: 'returnNull' } })).toBeNull();
  });

  it('when data was fetched, then it never goes stale and is not refetched', async () => {
    const fetchMock = stubFetch(200, '[]');
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/territories'] });
    await client.fetchQuery({ queryKey: ['/api/territories'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const defaults = client.getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
