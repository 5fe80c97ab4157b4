import { parse } from 'cookie';

export interface AgentResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like HTTP client for tests: it keeps the cookies the server sets and sends them back. */
export class TestAgent {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<AgentResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
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
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
}
