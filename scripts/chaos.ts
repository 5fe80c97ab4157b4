import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CHAOS_DEFAULTS, describeChaos, FAULT_KINDS, runChaos, type FaultKind } from '../game-server/testing/chaos.ts';
import { freshSeed } from '../game-server/testing/seeded-random.ts';
import { installDebianPackage } from './debian-package.mjs';

// npm run chaos -- --duration 1200 --rate 30 --players 30 --clients 100 --faults kill9,sigterm,redis,db,freeze,slowdb,redis-one,disk,clock,skew --seed 42
// Runs the game's processes against a throwaway database on CHAOS_DATABASE_URL (default: the local
// PostgreSQL's maintenance database), a private redis-server, and faults only those (and, for
// `disk`, a small tmpfs of its own, which only root may mount; for `clock` and `skew`, the clocks of
// its own processes, through Debian's libfaketime).
const HELP = `npm run chaos -- [options]
  --duration S      seconds of load (${CHAOS_DEFAULTS.durationSeconds})
  --rate N          commands a second over all players (${CHAOS_DEFAULTS.rate})
  --players N       players making commands (${CHAOS_DEFAULTS.players})
  --clients N       room clients watching (${CHAOS_DEFAULTS.clients})
  --processes N     game processes (${CHAOS_DEFAULTS.processes})
  --faults LIST     fault kinds in turn, of ${FAULT_KINDS.join(',')}; empty for none (the baseline).
                    disk: the processes' DATA_DIR/mail and BACKUP_DIR on a small tmpfs, filled for ${CHAOS_DEFAULTS.diskFullSeconds} s
                    (needs root to mount; skipped with the reason printed otherwise)
                    clock: a process's clock an hour ahead for ${CHAOS_DEFAULTS.clockStepSeconds} s, across a season's end; skew: 5 minutes ahead
                    for ${CHAOS_DEFAULTS.skewSeconds} s (Debian's faketime, installed if missing; skipped with the reason printed otherwise)
  --every LOW-HIGH  seconds between faults (${CHAOS_DEFAULTS.faultEverySeconds.join('-')})
  --seed N          replays a run: the same faults at the same times and the same commands (a fresh one otherwise; every report prints it)
  --json            the report as JSON too
Database: CHAOS_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres`;

const { values } = parseArgs({
  options: {
    help: { type: 'boolean' },
    seed: { type: 'string' },
    duration: { type: 'string' },
    rate: { type: 'string' },
    players: { type: 'string' },
    clients: { type: 'string' },
    processes: { type: 'string' },
    faults: { type: 'string' },
    every: { type: 'string' },
    json: { type: 'boolean' },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const number = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
const faults = (values.faults?.split(',').filter(Boolean) ?? CHAOS_DEFAULTS.faults) as FaultKind[];
const unknown = faults.filter((kind) => !FAULT_KINDS.includes(kind));
if (unknown.length > 0) {
  console.error(`Unknown fault kinds: ${unknown.join(', ')} (known: ${FAULT_KINDS.join(', ')}, or none)`);
  process.exit(2);
}
if (faults.some((kind) => kind === 'clock' || kind === 'skew') && !existsSync('/usr/bin/faketime')) {
  installDebianPackage('faketime', 'for the clock faults');
}
const seed = values.seed === undefined ? freshSeed() : Number(values.seed);
if (!Number.isSafeInteger(seed)) {
  console.error(`--seed takes a whole number, not ${values.seed}`);
  process.exit(2);
}
const [low, high] = (values.every ?? CHAOS_DEFAULTS.faultEverySeconds.join('-')).split('-').map(Number);

const report = await runChaos({
  ...CHAOS_DEFAULTS,
  adminUrl: process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  cwd: process.cwd(),
  durationSeconds: number(values.duration, CHAOS_DEFAULTS.durationSeconds),
  rate: number(values.rate, CHAOS_DEFAULTS.rate),
  players: number(values.players, CHAOS_DEFAULTS.players),
  clients: number(values.clients, CHAOS_DEFAULTS.clients),
  processes: number(values.processes, CHAOS_DEFAULTS.processes),
  faults,
  faultEverySeconds: [low, high ?? low],
  seed,
  say: (line) => console.log(line),
});
for (const line of describeChaos(report)) console.log(line);
if (values.json) console.log(JSON.stringify(report));
process.exit(0);
