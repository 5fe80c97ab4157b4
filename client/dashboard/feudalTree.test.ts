import { describe, expect, it } from 'vitest';
import { ancestorsOf, branchIds, filterTree, ownPath } from './feudalTree.ts';

interface Node {
  id: number;
  name: string;
  owner_id: string | null;
  vassals: Node[];
}

const node = (id: number, name: string, owner: string | null, vassals: Node[] = []): Node => ({ id, name, owner_id: owner, vassals });

// Rome > Tivoli > Villa Adriana, Rome > Ostia; Paris > Versailles; Kyoto alone.
const roots = [
  node(1, 'Rome', null, [node(2, 'Tivoli', null, [node(3, 'Villa Adriana', 'ana')]), node(4, 'Ostia', 'bo')]),
  node(5, 'Paris', 'ana', [node(6, 'Versailles', null)]),
  node(7, 'Kyoto', null),
];
const names = (tree: readonly Node[]): unknown =>
  tree.map((item) => (item.vassals.length > 0 ? [item.name, names(item.vassals)] : item.name));

describe('the feudal tree', () => {
  it("when a player owns a village deep down and a main city, then the path to the village opens and the city's own vassals stay shut", () => {
    expect([...ownPath(roots, 'ana')].sort()).toEqual([1, 2]);
    expect([...ownPath(roots, 'bo')]).toEqual([1]);
    expect(ownPath(roots, null).size).toBe(0);
    expect(ownPath(roots, 'nobody').size).toBe(0);
  });

  it('when the tree is searched, then the matches show with the nodes above them, whatever the case', () => {
    expect(names(filterTree(roots, 'adri'))).toEqual([['Rome', [['Tivoli', ['Villa Adriana']]]]]);
    expect(names(filterTree(roots, 'PARIS'))).toEqual(['Paris']);
    expect(names(filterTree(roots, 'o'))).toEqual([['Rome', ['Tivoli', 'Ostia']], 'Kyoto']);
    expect(filterTree(roots, 'atlantis')).toEqual([]);
    expect(filterTree(roots, '  ')).toEqual(roots);
  });

  it('when expanding everything, then every node with vassals opens', () => {
    expect([...branchIds(roots)].sort()).toEqual([1, 2, 5]);
  });

  it('when bad data loops, then the walks still end', () => {
    const a = node(1, 'A', 'x');
    const b = node(2, 'B', null, [a]);
    a.vassals.push(b);
    expect([...ancestorsOf([a], (item) => item.name === 'B')]).toEqual([1]);
    expect(names(filterTree([a], 'B'))).toEqual([['A', ['B']]]);
  });
});
