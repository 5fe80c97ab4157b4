import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Spreads each project's files over its group, keeping each project's own order: the k-th of a
 * project's n files goes at the fraction span × k/n of the group. Vitest would otherwise run one
 * project's files after another's, so the CPU-bound unit files would run together and the browser
 * files, waiting on Chromium and timers, together after them; mixed, both kinds keep the 2 cores busy.
 */
export function spreadProjects<T>(items: readonly T[], project: (item: T) => string, span: (project: string) => number = () => 1): T[] {
  const byProject = Map.groupBy(items, project);
  const placed = [...byProject].flatMap(([name, files], order) =>
    files.map((item, k) => ({ item, at: (span(name) * k) / files.length, order })),
  );
  return placed.sort((a, b) => a.at - b.at || a.order - b.order).map(({ item }) => item);
}

// A browser file takes several times a unit file's time: dealt over the first three quarters of the
// group, the last of them does not start as the group ends and leave the other workers idle.
const browserSpan = (project: string) => (project === 'e2e' ? 0.75 : 1);

/** Vitest's own order (group, then its cache's failures and longest files first), spread per group. */
export class SpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = Map.groupBy(sorted, (file) => file.project.config.sequence.groupOrder);
    return [...groups.values()].flatMap((group) => spreadProjects(group, (file) => file.project.name, browserSpan));
  }
}
