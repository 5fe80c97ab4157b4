import { describe, expect, it } from 'vitest';
import { clusterEvidence, farFromMarket, type LinkEvidence } from './fair-play.ts';

describe('[§10 fair play] when accounts count as one person', () => {
  it('when land is sold, then a quarter of its price or less, or four times or more, is far from the market', () => {
    expect([25, 26, 100, 399, 400].map((price) => farFromMarket(price, 100))).toEqual([true, false, false, false, true]);
    expect(farFromMarket(0, 100)).toBe(true);
    expect(farFromMarket(0, 0)).toBe(false);
  });

  it('when evidence chains accounts, then they form one cluster with all of it; a lone account forms none', () => {
    const evidence: LinkEvidence[] = [
      { signal: 'address', detail: 'network 198.51.100.7', users: ['d', 'c'] },
      { signal: 'land', detail: 'a gift', users: ['a', 'b'] },
      { signal: 'card', detail: 'card x', users: ['b', 'c'] },
      { signal: 'email', detail: 'mailbox f@example.org', users: ['f', 'e'] },
      { signal: 'address', detail: 'network 192.0.2.1', users: ['g'] },
    ];
    expect(clusterEvidence(evidence)).toEqual([
      { members: ['a', 'b', 'c', 'd'], evidence: [evidence[0], evidence[1], evidence[2]] },
      { members: ['e', 'f'], evidence: [evidence[3]] },
    ]);
  });
});
