// Prometheus's files for `npm run cluster -- --monitoring`: deploy/prometheus.yml and
// deploy/alerts.yml as they are, with a targets file naming this cluster's operator ports and the
// token they ask for.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DEPLOY = new URL('../../deploy/', import.meta.url).pathname;

export function writePrometheusFiles(dir: string, processes: readonly { name: string; opsPort: number }[], opsToken: string): void {
  mkdirSync(join(dir, 'prometheus-targets'), { recursive: true });
  for (const file of ['prometheus.yml', 'alerts.yml']) copyFileSync(join(DEPLOY, file), join(dir, file));
  const targets = processes.map(({ name, opsPort }) => ({ targets: [`127.0.0.1:${opsPort}`], labels: { process: name } }));
  writeFileSync(join(dir, 'ops-token'), `${opsToken}\n`, { mode: 0o600 });
  writeFileSync(join(dir, 'prometheus-targets', 'game.json'), `${JSON.stringify(targets, null, 2)}\n`);
}
