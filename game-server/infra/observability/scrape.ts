/** One sample of a Prometheus text exposition: a series' name, its labels and its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads the samples out of a /metrics answer (for tests and for the operations figures). */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}
