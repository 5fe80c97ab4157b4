// The one place the client talks HTTP to the game server, with SPEC §7's request semantics.
import type { TerritoryDto } from '../schema/api/territory.ts';
import type { AccountDto } from '../schema/api/user.ts';

// SPEC §8: the error's message is "status: body text", or the status text when the body is empty.
export class ApiError extends Error {
  readonly status: number;
  // The server's own `{message}`, which is what a toast shows; null when the body is not that shape.
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = messageIn(bodyText);
  }
}

function messageIn(bodyText: string): string | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // A body that is not JSON carries no server message; the error's own message still holds its text.
  }
  return null;
}

// What a toast should say about a failed call: the server's message when it sent one.
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

async function call(method: string, path: string, payload?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (payload !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return response;
}

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await response).json() as Promise<T>;
}

export interface Credentials {
  username: string;
  password: string;
}

export function register(credentials: Credentials): Promise<AccountDto> {
  return json(call('POST', '/api/users/register', credentials));
}

export function login(credentials: Credentials): Promise<AccountDto> {
  return json(call('POST', '/api/auth/login', credentials));
}

export async function logout(): Promise<void> {
  await call('POST', '/api/auth/logout');
}

// The one read configured to return nothing on 401: being logged out is an answer, not an error.
export async function me(): Promise<AccountDto | null> {
  try {
    return await json<AccountDto>(call('GET', '/api/auth/me'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function territories(): Promise<TerritoryDto[]> {
  return json(call('GET', '/api/territories'));
}
