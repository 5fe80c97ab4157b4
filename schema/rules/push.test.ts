import { describe, expect, it } from 'vitest';
import { pushKindOf, pushPayloadOf, quietUntil } from './push.ts';

describe('[§11 push] which notices are pushed, and when quiet hours hold them', () => {
  it('when a notice is an outbid, an offer, overdue rent, a sale or an ad review, then it has a push kind; others have none', () => {
    expect(pushKindOf('auction_outbid')).toBe('outbid');
    expect(pushKindOf('offer_received')).toBe('offer_received');
    expect(pushKindOf('rent_overdue')).toBe('rent_overdue');
    expect([pushKindOf('territory_sold'), pushKindOf('auction_sold')]).toEqual(['land_sold', 'land_sold']);
    expect([pushKindOf('ad_approved'), pushKindOf('ad_rejected')]).toEqual(['ad_reviewed', 'ad_reviewed']);
    expect([pushKindOf('chat_mention'), pushKindOf('earnings_paid'), pushKindOf('rent_due_soon')]).toEqual([null, null, null]);
  });

  it('when quiet hours cross midnight, then inside them the push waits for their end on the player’s clock, outside it goes', () => {
    const nights = { start: 22, end: 7, time_zone: 'America/New_York' };
    // 23:15 in New York (UTC-5 in November): held until 07:00 there.
    expect(quietUntil(new Date('2026-11-27T04:15:30Z'), nights)).toEqual(new Date('2026-11-27T12:00:00Z'));
    // 06:59 there: a minute left.
    expect(quietUntil(new Date('2026-11-27T11:59:00Z'), nights)).toEqual(new Date('2026-11-27T12:00:00Z'));
    expect(quietUntil(new Date('2026-11-27T12:00:00Z'), nights)).toBeNull();
    expect(quietUntil(new Date('2026-11-27T02:59:00Z'), nights)).toBeNull();
    expect(quietUntil(new Date('2026-11-27T02:59:00Z'), null)).toBeNull();
  });

  it('when quiet hours lie within a day, then only those hours hold a push', () => {
    const afternoon = { start: 13, end: 15, time_zone: 'UTC' };
    expect(quietUntil(new Date('2026-11-27T14:30:00Z'), afternoon)).toEqual(new Date('2026-11-27T15:00:00Z'));
    expect(quietUntil(new Date('2026-11-27T15:00:00Z'), afternoon)).toBeNull();
    expect(quietUntil(new Date('2026-11-27T12:59:59Z'), afternoon)).toBeNull();
  });

  it('when a notice is long or links out of the game, then its push stays under 2 kB and opens the game', () => {
    const payload = pushPayloadOf({ id: 9, kind: 'land_sold', text: '𝔚'.repeat(300), link: 'https://evil.example/' });
    expect(new TextEncoder().encode(JSON.stringify(payload)).length).toBeLessThan(2048);
    expect(payload).toMatchObject({ title: 'Land sold', link: '/', tag: 'notice-9' });
    expect(pushPayloadOf({ id: 1, kind: 'outbid', text: 'x', link: '//evil.example' }).link).toBe('/');
    expect(pushPayloadOf({ id: 1, kind: 'outbid', text: 'x', link: '/auctions' }).link).toBe('/auctions');
  });
});
