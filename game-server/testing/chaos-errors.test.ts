import { describe, expect, it } from 'vitest';
import { errorLinesOf, requestLines } from './chaos-errors.ts';

const started = Date.parse('2026-11-30T10:00:00.000Z');
const line = (fields: Record<string, unknown>) => JSON.stringify({ pid: 1, ...fields });

describe("the chaos run's error lines", () => {
  it('when processes log errors among other lines, then each distinct error is listed once, first time first, with its count, processes and own stack frame', () => {
    const failure = {
      type: 'TypeError',
      message: "Cannot read properties of undefined (reading 'id')",
      stack: [
        "TypeError: Cannot read properties of undefined (reading 'id')",
        '    at Query.handle (/work/node_modules/postgres/src/query.js:140:65)',
        '    at node:internal/process/task_queues:105:5',
        '    at buyTerritory (/work/clone/game-server/domain/territories/purchase.ts:88:12)',
      ].join('\n'),
    };
    const unexpected = { level: 'error', msg: 'Unexpected error while answering a request', err: failure };
    const outputs = [
      {
        process: 'process 1',
        text: [
          line({ level: 'info', time: '2026-11-30T10:00:01.000Z', msg: 'Wanakt World is running' }),
          line({ ...unexpected, time: '2026-11-30T10:00:12.300Z' }),
          'not a JSON line',
        ].join('\n'),
      },
      {
        process: 'process 2',
        text: [
          line({ ...unexpected, time: '2026-11-30T10:00:14.000Z' }),
          line({
            level: 'fatal',
            time: '2026-11-30T10:00:05.000Z',
            msg: 'The database is gone',
            err: { type: 'Error', code: 'ECONNREFUSED', message: 'refused' },
          }),
          line({ level: 'warn', time: '2026-11-30T10:00:06.000Z', msg: 'A database failure answered 503' }),
          line({ level: 'error', time: '2026-11-30T10:00:06.000Z', msg: 'request completed', res: { statusCode: 503 }, responseTime: 12 }),
        ].join('\n'),
      },
    ];
    expect(errorLinesOf(outputs, started)).toEqual([
      '5.0 s ×1 (process 2): The database is gone: Error ECONNREFUSED: refused',
      "12.3 s ×2 (process 1, process 2): Unexpected error while answering a request: TypeError: Cannot read properties of undefined (reading 'id'): at buyTerritory (game-server/domain/territories/purchase.ts:88:12)",
    ]);
  });
});

describe("the chaos run's view of one request", () => {
  it('when a process logged lines under a request id, then they are told in order with status and time; another id finds nothing', () => {
    const text = [
      line({
        level: 'warn',
        reqId: 'chaos-1-7',
        msg: 'A database failure answered 503',
        err: { message: 'canceling statement due to statement timeout' },
      }),
      line({ level: 'error', reqId: 'chaos-1-7', msg: 'request completed', res: { statusCode: 503 }, responseTime: 8123 }),
      line({ level: 'warn', reqId: 'chaos-1-70', msg: 'request aborted', res: { statusCode: 200 }, responseTime: 10002 }),
    ].join('\n');
    const outputs = [{ process: 'process 1', text }];
    expect(requestLines(outputs)('chaos-1-7')).toBe(
      'A database failure answered 503 canceling statement due to statement timeout; request completed 503 after 8123 ms',
    );
    expect(requestLines(outputs)('chaos-1-8')).toBe('no line at level info or above');
  });
});
