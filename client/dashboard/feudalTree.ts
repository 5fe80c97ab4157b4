// The feudal tree's walks: which nodes to open so a player's own places show, and what is left of the
// tree when it is searched. A node is anything with an id, a name, an owner and vassals of its kind.

export interface TreeNode<Node> {
  id: number;
  name: string;
  owner_id: string | null;
  vassals: readonly Node[];
}

/** The ids of every node above one that `holds`: opening them shows each such node. */
export function ancestorsOf<Node extends TreeNode<Node>>(roots: readonly Node[], holds: (node: Node) => boolean): Set<number> {
  const open = new Set<number>();
  // True when the node or one of its vassals holds; the walk opens every node on the way down to one.
  const visit = (node: Node, seen: Set<number>): boolean => {
    if (seen.has(node.id)) return false;
    seen.add(node.id);
    let below = false;
    for (const vassal of node.vassals) below = visit(vassal, seen) || below;
    if (below) open.add(node.id);
    return below || holds(node);
  };
  const seen = new Set<number>();
  for (const root of roots) visit(root, seen);
  return open;
}

/** The nodes the player owns, and the path of nodes to open down to each. */
export function ownPath<Node extends TreeNode<Node>>(roots: readonly Node[], ownerId: string | null | undefined): Set<number> {
  if (!ownerId) return new Set();
  return ancestorsOf(roots, (node) => node.owner_id === ownerId);
}

export function matchesName(node: { name: string }, text: string): boolean {
  return node.name.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase());
}

/** The tree cut down to the nodes whose name holds the text and the nodes above them; empty text keeps it whole. */
export function filterTree<Node extends TreeNode<Node>>(roots: readonly Node[], text: string): Node[] {
  if (text.trim() === '') return [...roots];
  const keep = (node: Node, seen: ReadonlySet<number>): Node | null => {
    if (seen.has(node.id)) return null;
    const below = new Set(seen).add(node.id);
    const vassals = node.vassals.map((vassal) => keep(vassal, below)).filter((vassal): vassal is Node => vassal !== null);
    return vassals.length > 0 || matchesName(node, text) ? { ...node, vassals } : null;
  };
  return roots.map((root) => keep(root, new Set())).filter((root): root is Node => root !== null);
}

/** Every node with vassals: what "expand all" opens. */
export function branchIds<Node extends TreeNode<Node>>(roots: readonly Node[]): Set<number> {
  return ancestorsOf(roots, () => true);
}
