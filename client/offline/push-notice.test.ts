import { describe, expect, it } from 'vitest';
import { pushedNotice } from './push-notice.ts';

describe('[§11 push] what the service worker shows for a push', () => {
  it('when the game’s payload arrives, then it is shown as sent; a link out of the game opens the game instead; anything else shows nothing', () => {
    const sent = { title: 'Outbid', body: 'You were outbid on Lyon', link: '/auctions', tag: 'notice-3' };
    expect(pushedNotice(sent)).toEqual(sent);
    expect(pushedNotice({ ...sent, link: 'https://evil.example/' })).toEqual({ ...sent, link: '/' });
    expect(pushedNotice({ ...sent, link: '//evil.example/' })).toEqual({ ...sent, link: '/' });
    expect(pushedNotice({ title: 'Outbid' })).toBeNull();
    expect(pushedNotice('text')).toBeNull();
    expect(pushedNotice(null)).toBeNull();
  });
});
