import { parse } from 'cookie';
import { checkAnswer } from './response-check.ts';

export interface AgentResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

let agentsMade = 0;

/**
 * A client address of the benchmarking range (198.18.0.0/15), different for each call: the server
 * trusts X-Forwarded-For from loopback, so each agent counts as a browser of its own against the
 * per-address limits, as separate players' browsers would.
 */
export function freshAddress(): string {
  agentsMade++;
  return `198.18.${Math.floor(agentsMade / 250) % 250}.${(agentsMade % 250) + 1}`;
}

/**
 * A browser-like HTTP client for tests: it keeps the cookies the server sets and sends them back,
 * and fails on any answer the OpenAPI document does not describe, so every API test checks it.
 */
export class TestAgent {
  private cookies = new Map<string, string>();

  private readonly baseUrl: string;
  /** The address the server sees this client at. */
  readonly address: string;

  constructor(baseUrl: string, address = freshAddress()) {
    this.baseUrl = baseUrl;
    this.address = address;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<AgentResponse<T>> {
    const init: RequestInit = { method, headers: { 'x-forwarded-for': this.address, ...headers } };
    if (this.cookies.size > 0) (init.headers as Record<string, string>).cookie = this.cookieHeader;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = Object.entries(parse(pair))[0] ?? [];
      if (!name) continue;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value!);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    const problem = checkAnswer(method, path, response.status, parsed);
    if (problem) throw new Error(problem);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
}
