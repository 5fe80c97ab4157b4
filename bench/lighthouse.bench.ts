// Lighthouse 12.2.3 (the line that runs on Node 20) on the visitor's first screen, `/`, with the
// mobile and desktop presets, against the real game on a fresh embedded database. Beside it in the
// same run, the floor: `/economy` as a visitor, a page of the same bundle without the map, so a
// figure reads as a ratio to what this machine gives a light page at that moment (docs/rules.md:
// performance is a ratio to a floor in the same run). Also lists the main thread's long tasks.
// Run: npm run bench (all benchmarks), or npx vite build && npm exec -- node bench/lighthouse.bench.ts
// RUNS=n for another number of runs per page and preset (3 by default); LIGHTHOUSE_JSON=dir keeps
// every report there.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { startStandaloneServer } from '../e2e/support/standalone-server.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_JSON;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const PAGES = [
  { name: '/', path: '/' },
  { name: '/economy (floor)', path: '/economy' },
] as const;
const PRESETS: { name: string; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

interface Figures {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  longTasks: { url: string; start: number; duration: number }[];
}

// On a loaded machine Lighthouse now and then loses the start of its trace (NO_NAVSTART); it asks to be run again.
const ATTEMPTS = 3;

async function audit(url: string, config: Config | undefined, reportName: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    const figures = await auditOnce(url, config, reportName, attempt);
    if (figures !== 'again') return figures;
  }
}

async function auditOnce(url: string, config: Config | undefined, reportName: string, attempt: number): Promise<Figures | 'again'> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' }, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < ATTEMPTS) return 'again';
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    if (REPORTS) writeFileSync(join(REPORTS, `${reportName}.json`), JSON.stringify(lhr));
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const details = lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined;
    return {
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      tbt: value('total-blocking-time'),
      lcp: value('largest-contentful-paint'),
      fcp: value('first-contentful-paint'),
      longTasks: (details?.items ?? []).map((item) => ({ url: item.url, start: item.startTime, duration: item.duration })),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const ms = (value: number) => `${Math.round(value)} ms`;

if (!existsSync(join(import.meta.dirname, '..', 'dist', 'client', 'index.html'))) {
  console.error('Build the client first: npx vite build');
  process.exit(1);
}
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

const server = await startStandaloneServer();
try {
  console.log(
    `Lighthouse on ${cpus().length} cores, load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} at the start`,
  );
  for (const preset of PRESETS) {
    const medians = new Map<string, Figures>();
    console.log(`\n${preset.name}`);
    console.log(
      `${'page'.padEnd(18)}${'run'.padStart(4)}${'score'.padStart(7)}${'TBT'.padStart(10)}${'LCP'.padStart(10)}${'FCP'.padStart(10)}   long tasks (ms)`,
    );
    for (const page of PAGES) {
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const figures = await audit(`${server.url}${page.path}`, preset.config, `${preset.name}${page.path.replaceAll('/', '-')}-${run}`);
        runs.push(figures);
        const tasks = figures.longTasks.map((task) => Math.round(task.duration)).join(', ') || 'none';
        console.log(
          `${page.name.padEnd(18)}${String(run).padStart(4)}${String(figures.score).padStart(7)}${ms(figures.tbt).padStart(10)}${ms(figures.lcp).padStart(10)}${ms(figures.fcp).padStart(10)}   ${tasks}`,
        );
      }
      medians.set(page.name, {
        score: median(runs.map((r) => r.score)),
        tbt: median(runs.map((r) => r.tbt)),
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        longTasks: [],
      });
    }
    const home = medians.get(PAGES[0].name)!;
    const floor = medians.get(PAGES[1].name)!;
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
    console.log(
      `median / → score ${home.score} (floor ${floor.score}, ${ratio(home.score, floor.score)}), TBT ${ms(home.tbt)} (floor ${ms(floor.tbt)}, ${ratio(home.tbt, floor.tbt)}), ` +
        `LCP ${ms(home.lcp)} (floor ${ms(floor.lcp)}, ${ratio(home.lcp, floor.lcp)}), FCP ${ms(home.fcp)} (floor ${ms(floor.fcp)}, ${ratio(home.fcp, floor.fcp)})`,
    );
  }
  console.log(
    `\nLoad average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.stop();
}
