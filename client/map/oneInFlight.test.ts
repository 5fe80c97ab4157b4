import { describe, expect, it } from 'vitest';
import { OneInFlight } from './oneInFlight.ts';

describe('[map] geography requests: one in flight, the latest waiting', () => {
  it('when views are asked for while one is drawn, then only the latest of them is sent once it is answered', () => {
    const sent: string[] = [];
    const requests = new OneInFlight<string>((request) => sent.push(request));
    requests.submit('backdrop');
    requests.submit('view 1');
    requests.submit('view 2');
    requests.submit('view 3');
    expect(sent).toEqual(['backdrop']);
    requests.answered();
    expect(sent).toEqual(['backdrop', 'view 3']);
    requests.answered();
    expect(sent).toEqual(['backdrop', 'view 3']);
    requests.submit('view 4');
    expect(sent).toEqual(['backdrop', 'view 3', 'view 4']);
  });
});
