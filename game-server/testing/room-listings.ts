import { Redis } from 'ioredis';
import { PROCESS_CHANNEL_PREFIX } from '../transport/rooms/home-process.ts';

// Colyseus's own name: the Redis driver keeps every room's listing in one hash; every live process
// listens on its process channel (transport/rooms/home-process.ts).
const ROOM_LISTINGS = 'roomcaches';

/**
 * What is wrong with the world rooms Redis lists: a room on a process that no longer listens (gone,
 * so joins sent there fail), or a process listed with more than one world room.
 */
export async function worldListingProblems(redisUrl: string, roomName: string): Promise<string[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const [listings, channels] = await Promise.all([
      redis.hgetall(ROOM_LISTINGS),
      redis.pubsub('CHANNELS', `${PROCESS_CHANNEL_PREFIX}*`) as Promise<string[]>,
    ]);
    const live = new Set(channels.map((channel) => channel.slice(PROCESS_CHANNEL_PREFIX.length)));
    const perProcess = new Map<string, string[]>();
    const problems: string[] = [];
    for (const [roomId, json] of Object.entries(listings)) {
      const listing = JSON.parse(json) as { name?: string; processId?: string };
      if (listing.name !== roomName || !listing.processId) continue;
      if (!live.has(listing.processId)) problems.push(`room ${roomId} is listed on process ${listing.processId}, which is gone`);
      perProcess.set(listing.processId, [...(perProcess.get(listing.processId) ?? []), roomId]);
    }
    for (const [processId, rooms] of perProcess) {
      if (rooms.length > 1) problems.push(`process ${processId} holds ${rooms.length} ${roomName} rooms (${rooms.join(', ')})`);
    }
    return problems;
  } finally {
    redis.disconnect();
  }
}
