// Fair play (docs/rules.md §10 "Fair play"): when two accounts count as one person's. Pure rules;
// the linking service (game-server/domain/fair-play/) reads the signals and applies them.

/** A sale this many times below or above the territory's own price is far from the market. */
export const FAR_FROM_MARKET = 4;

/**
 * Whether a sale between players is far enough from the market to pass value rather than land: a
 * quarter of the territory's price or less, or four times it or more. A territory of price 0 has no
 * market to be far from.
 */
export function farFromMarket(price: number, market: number): boolean {
  if (market <= 0) return false;
  return price * FAR_FROM_MARKET <= market || price >= market * FAR_FROM_MARKET;
}

/** What makes two accounts one person's: each link names one. */
export const LINK_SIGNALS = ['address', 'card', 'email', 'land'] as const;
export type LinkSignal = (typeof LINK_SIGNALS)[number];

/** One fact tying accounts together: the signal, what was shared (a network, a card, a mailbox, a passage of land) and who shared it. */
export interface LinkEvidence {
  signal: LinkSignal;
  detail: string;
  users: string[];
}

/**
 * Accounts joined by evidence, grouped the way union-find groups them: two accounts are in one
 * cluster when a chain of evidence leads from one to the other. Answers each cluster of two or
 * more accounts (members sorted) with the evidence among them, largest cluster first.
 */
export function clusterEvidence(evidence: readonly LinkEvidence[]): { members: string[]; evidence: LinkEvidence[] }[] {
  const parent = new Map<string, string>();
  const root = (user: string): string => {
    let top = user;
    while (parent.has(top) && parent.get(top) !== top) top = parent.get(top)!;
    parent.set(user, top);
    return top;
  };
  for (const { users } of evidence)
    for (const user of users) {
      if (!parent.has(user)) parent.set(user, user);
      const [a, b] = [root(users[0]), root(user)];
      if (a !== b) parent.set(b < a ? a : b, b < a ? b : a);
    }
  const clusters = new Map<string, { members: string[]; evidence: LinkEvidence[] }>();
  for (const user of parent.keys()) {
    const top = root(user);
    if (!clusters.has(top)) clusters.set(top, { members: [], evidence: [] });
    clusters.get(top)!.members.push(user);
  }
  for (const item of evidence) if (item.users.length > 1) clusters.get(root(item.users[0]))!.evidence.push(item);
  return [...clusters.values()]
    .filter((cluster) => cluster.members.length > 1)
    .map((cluster) => ({ ...cluster, members: cluster.members.sort() }))
    .sort((a, b) => b.members.length - a.members.length || (a.members[0] < b.members[0] ? -1 : 1));
}
