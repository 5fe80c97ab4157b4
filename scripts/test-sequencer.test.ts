import { describe, expect, it } from 'vitest';
import { spreadProjects } from './test-sequencer.ts';

describe('the test order of a group that holds several projects', () => {
  const project = (file: string) => file.split(':')[0];

  it('when a group holds one long run, 2 browser files and 6 unit files, then the run comes first and the browser files are spread among the unit files', () => {
    const files = ['chaos:run', 'e2e:a', 'e2e:b', 'unit:1', 'unit:2', 'unit:3', 'unit:4', 'unit:5', 'unit:6'];
    expect(spreadProjects(files, project)).toEqual([
      'chaos:run',
      'e2e:a',
      'unit:1',
      'unit:2',
      'unit:3',
      'e2e:b',
      'unit:4',
      'unit:5',
      'unit:6',
    ]);
  });

  it('when a project is given half the group, then its files are dealt over the first half', () => {
    const files = ['e2e:a', 'e2e:b', 'unit:1', 'unit:2', 'unit:3', 'unit:4'];
    expect(spreadProjects(files, project, (name) => (name === 'e2e' ? 0.5 : 1))).toEqual([
      'e2e:a',
      'unit:1',
      'e2e:b',
      'unit:2',
      'unit:3',
      'unit:4',
    ]);
  });

  it('when a group holds one project, then its order is kept', () => {
    expect(spreadProjects(['unit:3', 'unit:1', 'unit:2'], project)).toEqual(['unit:3', 'unit:1', 'unit:2']);
  });
});
