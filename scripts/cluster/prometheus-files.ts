// Prometheus's files for `npm run cluster -- --monitoring`: deploy/prometheus.yml and
// deploy/alerts.yml as they are, with a targets file naming this cluster's operator ports.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DEPLOY = new URL('../../deploy/', import.meta.url).pathname;

export function writePrometheusFiles(dir: string, processes: readonly { name: string; opsPort: number }[]): void {
  mkdirSync(join(dir, 'prometheus-targets'), { recursive: true });
  for (const file of ['prometheus.yml', 'alerts.yml']) copyFileSync(join(DEPLOY, file), join(dir, file));
  const targets = processes.map(({ name, opsPort }) => ({ targets: [`127.0.0.1:${opsPort}`], labels: { process: name } }));
  writeFileSync(join(dir, 'prometheus-targets', 'game.json'), `${JSON.stringify(targets, null, 2)}\n`);
}
