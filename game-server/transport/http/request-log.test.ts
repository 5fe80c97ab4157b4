import { describe, expect, it } from 'vitest';
import { levelOf, SLOW_REQUEST_MS } from './request-log.ts';

describe('[operations] how loud a request is logged', () => {
  it('when requests are answered in time, then reads, commands and refusals are debug lines; slow ones warnings; failures of ours errors', () => {
    expect([levelOf(200, 5), levelOf(304, 5), levelOf(404, 5), levelOf(201, 40), levelOf(409, 40)]).toEqual([
      'debug',
      'debug',
      'debug',
      'debug',
      'debug',
    ]);
    expect([levelOf(200, SLOW_REQUEST_MS), levelOf(409, SLOW_REQUEST_MS + 1)]).toEqual(['warn', 'warn']);
    expect([levelOf(500, 5), levelOf(503, SLOW_REQUEST_MS)]).toEqual(['error', 'error']);
  });
});
