import { matchMaker } from '@colyseus/core';
import type { Logger } from '../../infra/logger.ts';

// Colyseus's own names (MatchMaker's getProcessChannel): every process that accepts room work
// listens on `p:<processId>`, and Redis drops that subscription the moment the process dies, a
// kill -9 included, while its room listing and its entry in the process stats stay until a health
// check sweeps them.
export const PROCESS_CHANNEL_PREFIX = 'p:';

/** What placing a join needs to know of one process. */
export interface ProcessLoad {
  processId: string;
  /** Clients in its world room, seats reserved but not yet taken included. */
  clients: number;
}

/**
 * The live processes a new join may be placed on, with their load: those whose world room is open
 * and announces where sockets reach it (PUBLIC_ADDRESS), that listen on their process channel and
 * are in the process stats (a draining process leaves them first). A process without a world room
 * yet is not among them: its room is made by a join the balancer sends it, never from another
 * process, because a room asked of a process that is slow to answer (starting, loaded) is made by
 * the asking one after Colyseus's two-second wait, and each such room was one more world in the
 * wrong process (the 20-minute chaos run ended with eleven).
 */
export async function placeableProcesses(roomName: string): Promise<ProcessLoad[]> {
  const [stats, listings, channels] = await Promise.all([
    matchMaker.stats.fetchAll(),
    matchMaker.query({ name: roomName }),
    matchMaker.presence.channels(`${PROCESS_CHANNEL_PREFIX}*`),
  ]);
  const listening = new Set(channels.map((channel) => channel.slice(PROCESS_CHANNEL_PREFIX.length)));
  const live = new Set(stats.map((stat) => stat.processId).filter((processId) => listening.has(processId)));
  const loads = new Map<string, number>();
  const closed = new Set<string>();
  for (const listing of listings) {
    if (!live.has(listing.processId)) continue;
    if (listing.locked || !listing.publicAddress) closed.add(listing.processId);
    else loads.set(listing.processId, (loads.get(listing.processId) ?? 0) + listing.clients);
  }
  return [...loads].filter(([processId]) => !closed.has(processId)).map(([processId, clients]) => ({ processId, clients }));
}

/**
 * The least-loaded of these, this process on a tie (its own socket path needs no hop). This process
 * without a world room counts as empty: the join makes its room here.
 */
export function leastLoaded(loads: readonly ProcessLoad[], here: string): string {
  let best: ProcessLoad = loads.find((load) => load.processId === here) ?? { processId: here, clients: 0 };
  for (const load of loads) {
    if (load.clients < best.clients) best = load;
  }
  return best.processId;
}

/**
 * Where a new join goes: the least-loaded live process, so the clients of a process that died or
 * restarted spread over the others instead of piling onto whichever the balancer picked. A socket
 * can only reach another process when that process announces its public address (its room's
 * listing carries it, the SDK connects there); without PUBLIC_ADDRESS, or when Redis cannot say,
 * the join stays in the process that answered it.
 */
export async function chooseHomeProcess(roomName: string, log: Pick<Logger, 'warn'>): Promise<string> {
  const here = matchMaker.processId;
  if (!matchMaker.publicAddress) return here;
  try {
    return leastLoaded(await placeableProcesses(roomName), here);
  } catch (error) {
    log.warn(`Could not compare the processes' loads; this join stays here: ${String(error)}`);
    return here;
  }
}
