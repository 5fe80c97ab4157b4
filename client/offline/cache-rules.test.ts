import { describe, expect, it } from 'vitest';
import { strategyFor } from './cache-rules.ts';

const origin = 'https://wanakt.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${origin}${path}`, mode });

describe('what the service worker does with a request', () => {
  it('when a page is opened, then it comes from the network with the offline page as the fallback', () => {
    expect(strategyFor(get('/', 'navigate'), origin)).toBe('page');
    expect(strategyFor(get('/territories/12', 'navigate'), origin)).toBe('page');
  });

  it('when a hashed asset or a precached file is asked for, then the cache answers first', () => {
    expect(strategyFor(get('/assets/index-3f9a.js'), origin)).toBe('cached');
    expect(strategyFor(get('/offline.css'), origin)).toBe('cached');
    expect(strategyFor(get('/icons/icon.svg'), origin)).toBe('cached');
  });

  it('when the API, a live socket, another origin or a write is asked for, then the worker leaves it alone', () => {
    expect(strategyFor(get('/api/me'), origin)).toBe('network');
    expect(strategyFor(get('/api/territories', 'navigate'), origin)).toBe('network');
    expect(strategyFor(get('/live/abc/world'), origin)).toBe('network');
    expect(strategyFor(get('/matchmake/joinOrCreate/world'), origin)).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'https://js.stripe.com/v3', mode: 'no-cors' }, origin)).toBe('network');
    expect(strategyFor({ method: 'POST', url: `${origin}/assets/x.js`, mode: 'cors' }, origin)).toBe('network');
    expect(strategyFor(get('/icons/icon-192.png'), origin)).toBe('network');
  });
});
