import { request } from 'node:http';

export interface OneShotAnswer {
  status: number;
  body: any;
}

/**
 * One HTTP request on a connection of its own, as a load balancer forwards it. A refused
 * connection rejects with code ECONNREFUSED: the server never saw the request, so it may be sent
 * elsewhere; any other failure means the request may have arrived and went unanswered.
 * `localAddress` (127.0.0.2, ...) makes it come from another loopback address, as another client.
 */
export function oneShotRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; requestId?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<OneShotAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { connection: 'close' };
  if (payload !== undefined)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
  if (options.cookie) headers.cookie = options.cookie;
  if (options.requestId) headers['x-request-id'] = options.requestId;
  Object.assign(headers, options.headers);
  return new Promise((resolve, reject) => {
    const call = request(new URL(path, baseUrl), { method, headers, agent: false, localAddress: options.localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(payload);
  });
}

export const refused = (error: unknown) => (error as { code?: string }).code === 'ECONNREFUSED';
