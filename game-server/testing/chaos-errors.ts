/**
 * What the game processes logged at level error or above during a chaos run: the cause of any 5xx
 * other than a 503 is one of these lines ("Unexpected error while answering a request"), so a
 * failure can be explained from the report alone, without replaying its seed.
 */

/** What one process printed, under the name the run gave it. */
export interface ProcessOutput {
  process: string;
  text: string;
}

interface LogLine {
  level?: string;
  time?: string;
  msg?: string;
  err?: { type?: string; code?: string; message?: string; stack?: string };
  /** Only on the request log's own line, which a 5xx answer puts at level error: the report counts answers already. */
  res?: { statusCode?: number };
  reqId?: string;
  responseTime?: number;
}

const parsed = (raw: string): LogLine | undefined => {
  if (!raw.startsWith('{')) return undefined;
  try {
    return JSON.parse(raw) as LogLine;
  } catch {
    return undefined;
  }
};

// The game's logger writes pino's level labels (infra/logger.ts).
const ERROR_LEVELS = new Set(['error', 'fatal']);

/** The first frame of a stack in the game's own code (not node_modules, not Node's own). */
function ownFrame(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') && !line.includes('node_modules') && !line.includes('node:'))
    ?.replace(/\(.*?(game-server\/|schema\/)/, '($1');
}

/**
 * Each distinct error line, with when it was first logged (seconds after `started`, by the logging
 * process's clock), by which processes and how often: `12.3 s ×2 (game-1): <msg>: <type> <code>: <message> at <frame>`.
 */
export function errorLinesOf(outputs: ProcessOutput[], started: number): string[] {
  const seen = new Map<string, { first: number; count: number; processes: Set<string> }>();
  for (const { process, text } of outputs) {
    for (const raw of text.split('\n')) {
      const line = parsed(raw);
      if (!line || !ERROR_LEVELS.has(line.level ?? '') || line.res !== undefined) continue;
      const err = line.err;
      const what = [
        line.msg,
        err && [err.type, err.code].filter(Boolean).join(' ') + (err.message ? `: ${err.message}` : ''),
        ownFrame(err?.stack),
      ]
        .filter(Boolean)
        .join(': ');
      const at = Date.parse(line.time ?? '') - started;
      const entry = seen.get(what) ?? { first: at, count: 0, processes: new Set<string>() };
      entry.first = Math.min(entry.first, at);
      entry.count++;
      entry.processes.add(process);
      seen.set(what, entry);
    }
  }
  return [...seen.entries()]
    .sort(([, a], [, b]) => a.first - b.first)
    .map(([what, entry]) => `${(entry.first / 1000).toFixed(1)} s ×${entry.count} (${[...entry.processes].join(', ')}): ${what}`);
}

/**
 * What the processes logged under each request's id (the run sends its own as X-Request-Id), read
 * once: where a command the run gave up on spent its time, as the server saw it. A request the
 * server answered slowly, or whose caller hung up, gets the request log's line at level warn with its time.
 */
export function requestLines(outputs: ProcessOutput[]): (requestId: string) => string {
  const byRequest = new Map<string, string[]>();
  for (const { text } of outputs) {
    for (const raw of text.split('\n')) {
      const line = raw.includes('"reqId"') ? parsed(raw) : undefined;
      if (!line?.reqId) continue;
      const said = [
        line.msg,
        line.res?.statusCode,
        line.responseTime === undefined ? undefined : `after ${line.responseTime} ms`,
        line.err?.message,
      ]
        .filter((part) => part !== undefined)
        .join(' ');
      byRequest.set(line.reqId, [...(byRequest.get(line.reqId) ?? []), said]);
    }
  }
  return (requestId) => byRequest.get(requestId)?.join('; ') ?? 'no line at level info or above';
}
