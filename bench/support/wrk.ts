import { execFile, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { promisify } from 'node:util';

// wrk (C, one event loop a thread) reads answers without decoding them. autocannon turns every
// body it reads into a JavaScript string, which for a compressed (binary) body costs it about ten
// times what the server spends sending it: on this machine it tops out near 400 answers a second
// of 170 kB, whoever serves them. So the API bench measures with both.

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  timeouts: number;
  /** Connection, read and write errors, and answers outside 2xx and 3xx. */
  errors: number;
  /** Bytes read per answer, headers included. */
  bytesPerAnswer: number;
}

interface Report {
  requests: number;
  durationUs: number;
  bytes: number;
  p50Us: number;
  p99Us: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  timeouts: number;
  badStatus: number;
}

export function wrkInstalled(): boolean {
  return !spawnSync('wrk', ['--version']).error;
}

export async function wrk(
  url: string,
  options: { connections: number; seconds: number; headers: Record<string, string> },
): Promise<WrkResult> {
  const script = new URL('./wrk-report.lua', import.meta.url).pathname;
  const args = [`-t${Math.min(2, cpus().length)}`, `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', script];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)('wrk', [...args, url]);
  const line = stdout.split('\n').find((text) => text.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
  const report = JSON.parse(line.slice('WRK_JSON '.length)) as Report;
  return {
    requestsPerSecond: report.requests / (report.durationUs / 1e6),
    p50Ms: report.p50Us / 1000,
    p99Ms: report.p99Us / 1000,
    timeouts: report.timeouts,
    errors: report.connectErrors + report.readErrors + report.writeErrors + report.badStatus,
    bytesPerAnswer: report.requests > 0 ? report.bytes / report.requests : 0,
  };
}
