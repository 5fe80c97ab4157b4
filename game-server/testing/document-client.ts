import { checkAnswer } from './response-check.ts';
import { freshAddress } from './agent.ts';
import type { DocumentRequest } from './openapi-requests.ts';

/** Who sends a request: nobody, a player's or the Wanakt's session, or a player's API key. */
export interface Identity {
  name: 'visitor' | 'player' | 'wanakt' | 'api key';
  cookie?: string;
  key?: string;
}

export interface DocumentAnswer {
  status: number;
  body: unknown;
  /** What in the answer the OpenAPI document does not describe, or null. */
  outside: string | null;
}

/**
 * Sends a request as the identity, from an address of its own (so per-address limits do not turn
 * a long run into 429s), never following a redirect, and checks the answer against the document.
 */
export async function sendAs(baseUrl: string, identity: Identity, request: DocumentRequest): Promise<DocumentAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': freshAddress(), ...request.headers };
  if (identity.cookie) headers.cookie = identity.cookie;
  if (identity.key) headers.authorization = `Bearer ${identity.key}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    redirect: 'manual',
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body, outside: checkAnswer(request.method, request.path, response.status, body) };
}
