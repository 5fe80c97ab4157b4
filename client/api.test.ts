import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, login, logout, me, purchaseTerritory, readWorld, serverMessageOr } from './api.ts';

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(status === 204 ? null : body, { status, statusText });
}

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('[§7] request semantics', () => {
  it('when a payload is given, then it is sent as JSON with credentials', async () => {
    const fetchMock = stubFetch(answer(200, '{"id":"u1","username":"ana","drk_balance":"100","is_wanakt":false}'));
    const account = await login({ username: 'ana', password: 'secret' });
    expect(account.drk_balance).toBe('100');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"ana","password":"secret"}',
    });
  });

  it('when there is no payload, then no body and no content type are sent', async () => {
    const fetchMock = stubFetch(answer(200, '[]'));
    expect(await readWorld()).toEqual({ territories: [], seq: null });
    expect(fetchMock).toHaveBeenCalledWith('/api/territories', { method: 'GET', credentials: 'include' });
  });

  it('when the answer is 204, then logout resolves without reading a body', async () => {
    stubFetch(answer(204, ''));
    await expect(logout()).resolves.toBeUndefined();
  });
});

describe('[§8] errors', () => {
  it('when the server answers an error, then the message is "status: body" and the server message is kept', async () => {
    stubFetch(answer(401, '{"message":"Invalid username or password"}', 'Unauthorized'));
    const error = await login({ username: 'ana', password: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Invalid username or password');
    expect(serverMessageOr(error, 'fallback')).toBe('Invalid username or password');
  });

  it('when the body is empty, then the message falls back to the status text', () => {
    const error = new ApiError(502, 'Bad Gateway', '');
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.serverMessage).toBeNull();
    expect(serverMessageOr(error, 'Registration failed. Please try again.')).toBe('Registration failed. Please try again.');
  });

  it('when the body is not the {message} shape, then there is no server message', () => {
    expect(new ApiError(500, 'Internal Server Error', '<html>oops</html>').serverMessage).toBeNull();
    expect(new ApiError(500, 'Internal Server Error', '{"message":42}').serverMessage).toBeNull();
  });

  it('when the failure is not an HTTP answer, then the fallback is used', () => {
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});

describe('me', () => {
  it('when there is no session, then the session read answers no account and so does me()', async () => {
    stubFetch(answer(200, '{"account":null}'));
    expect(await me()).toBeNull();
  });

  it('when the server fails otherwise, then it throws', async () => {
    stubFetch(answer(500, '{"message":"boom"}'));
    await expect(me()).rejects.toThrow('500: {"message":"boom"}');
  });
});

describe('[docs/write-path.md idempotent commands] a command and its retries', () => {
  const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a command meets a 503 and then a lost connection, then it is sent again with the same key until it is answered', async () => {
    vi.useFakeTimers();
    const answers = [
      answer(503, '{"message":"The game is busy right now. Try again in a moment."}'),
      'network',
      answer(200, '{"message":"You now own Lagos"}'),
    ];
    const fetchMock = vi.fn(async () => {
      const next = answers.shift()!;
      if (next === 'network') throw new TypeError('Failed to fetch');
      return next;
    });
    vi.stubGlobal('fetch', fetchMock);
    const bought = purchaseTerritory(7, 'u1', 100);
    await vi.runAllTimersAsync();
    expect(await bought).toEqual({ message: 'You now own Lagos' });
    const keys = keysSent(fetchMock);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('when two actions are sent, then each has a key of its own', async () => {
    const fetchMock = vi.fn(async () => answer(200, '{"message":"ok"}'));
    vi.stubGlobal('fetch', fetchMock);
    await purchaseTerritory(7, 'u1', null);
    await purchaseTerritory(8, 'u1', null);
    const [first, second] = keysSent(fetchMock);
    expect(first).not.toBe(second);
  });

  it('when the answer is a refusal, then it is not sent again; when 503 lasts, then it gives up after four tries', async () => {
    const refusal = stubFetch(answer(409, '{"message":"Not enough DRK"}'));
    await expect(purchaseTerritory(7, 'u1', null)).rejects.toMatchObject({ status: 409 });
    expect(refusal).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    const busy = vi.fn(async () => answer(503, '{"message":"The game is busy right now. Try again in a moment."}'));
    vi.stubGlobal('fetch', busy);
    const bought = purchaseTerritory(7, 'u1', null).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await bought).toMatchObject({ status: 503 });
    expect(busy).toHaveBeenCalledTimes(4);
    expect(new Set(keysSent(busy)).size).toBe(1);
  });
});
