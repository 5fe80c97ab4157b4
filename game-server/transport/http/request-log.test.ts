import { describe, expect, it } from 'vitest';
import { levelOf } from './request-log.ts';

describe('[operations] how loud a request is logged', () => {
  it('when reads are answered well, then they are debug lines; commands and refusals info; failures of ours errors', () => {
    expect([levelOf('GET', 200), levelOf('HEAD', 304), levelOf('GET', 404), levelOf('POST', 201), levelOf('POST', 409)]).toEqual([
      'debug',
      'debug',
      'info',
      'info',
      'info',
    ]);
    expect([levelOf('GET', 500), levelOf('POST', 503)]).toEqual(['error', 'error']);
  });
});
