// The live world: one connection to the game server's `world` room, whose state callbacks feed the
// world store (state/world.ts) that the map and the HUD read, and what the player does live:
// watching a territory's chat, hearing its alliance's, and dragging a pin. Posting and dropping a
// pin go over REST, to the same services the room would call.
import { Callbacks, Client, type Room } from '@colyseus/sdk';
import type { AllianceChatMessageDto, ChatMessageDto } from '../../schema/api/chat.ts';
import {
  FLOODED_REJOIN_MS,
  rejoinDelayMs,
  SDK_RECONNECTION,
  SESSION_ENDED_CLOSE_CODE,
  shouldRejoin,
  VIEW_FLOOD_CLOSE_CODE,
} from '../../schema/rules/rejoin.ts';
import type { ClientMessage, ServerMessages, ViewAt, ViewBox } from '../../schema/state/messages.ts';
import { dtoFieldsOf, type LiveTerritoryDto } from '../../schema/state/territory-fields.ts';
import { WorldState, type LiveBroadcast, type LiveTerritory } from '../../schema/state/world-state.ts';
import {
  activityArrived,
  allianceChanged,
  broadcastChanged,
  detailsChanged,
  everythingChanged,
  showFigures,
  territoriesChanged,
} from './live-facts.ts';
import { receiveNotice } from './notices.ts';
import { useSession } from './session.ts';
import { showToast } from './toasts.ts';
import { useWorld } from './world.ts';

type WorldRoom = Room<unknown, WorldState>;

/**
 * Sockets open under this path (the server reads only the last two segments, the process and the
 * room), so the Vite dev server can send them on to the game server with one proxy rule.
 */
export const LIVE_SOCKET_PREFIX = '/live';

export interface WorldConnectionOptions {
  /** The game server; in the browser, the page's own origin. */
  endpoint?: string;
  /** Outside a browser only: the cookie a browser sends by itself. */
  headers?: Record<string, string>;
}

let room: WorldRoom | null = null;
let started = false;
let generation = 0;
let watching: number | null = null;
let activityWatchers = 0;
let viewAt: ViewAt['at'] = null;
let viewBox: Omit<ViewBox, 'type'> | null = null;
let joins = 0;
const chatListeners = new Set<(message: ChatMessageDto) => void>();
const chatRemovals = new Set<(removed: ServerMessages['chatRemoved']) => void>();
const allianceChatListeners = new Set<(message: AllianceChatMessageDto) => void>();
const allianceChatRemovals = new Set<(removed: ServerMessages['allianceChatRemoved']) => void>();

function socketUrls(url: URL): string {
  if (url.protocol === 'ws:' || url.protocol === 'wss:') url.pathname = `${LIVE_SOCKET_PREFIX}${url.pathname}`;
  return url.toString();
}

/** The room's state, laid into the world store once per patch. */
function feedStore(joined: WorldRoom): void {
  const $ = Callbacks.get(joined);
  const changed = new Set<LiveTerritory>();
  let first = true;
  $.onAdd('territories', (territory) => {
    changed.add(territory);
    $.onChange(territory, () => changed.add(territory));
  });
  joined.onStateChange((state) => {
    const live: LiveTerritoryDto[] = [...changed].map(dtoFieldsOf);
    changed.clear();
    const world = useWorld.getState();
    if (!first) territoriesChanged(world.live, live);
    world.applyLive(live);
    const broadcast = broadcastOf(state.broadcast);
    if (!first && broadcast !== world.broadcast) broadcastChanged(broadcast, world.broadcast);
    useWorld.setState({ online: state.online, broadcast });
    first = false;
  });
}

function broadcastOf(broadcast: LiveBroadcast | undefined) {
  if (!broadcast || broadcast.id === 0) return null;
  const current = useWorld.getState().broadcast;
  if (current?.id === broadcast.id) return current;
  return { id: broadcast.id, senderName: broadcast.senderName, message: broadcast.message, createdAt: broadcast.createdAt };
}

function refused({ type, message }: ServerMessages['refused']): void {
  // docs/rules.md §8: a failed pin move is logged to the console only.
  if (type.startsWith('pin.')) console.error('Failed to move the territory pin', message);
  else showToast({ variant: 'destructive', title: 'Not Allowed', description: message });
}

async function join(options: WorldConnectionOptions, endpoint: string): Promise<void> {
  const mine = ++generation;
  const client = new Client(endpoint, { headers: options.headers, urlBuilder: socketUrls });
  useWorld.setState({ connection: joins === 0 ? 'joining' : 'reconnecting' });
  const joined = await client.joinOrCreate<WorldState>('world', {}, WorldState);
  if (mine !== generation) {
    await joined.leave();
    return;
  }
  room = joined;
  Object.assign(joined.reconnection, SDK_RECONNECTION);
  feedStore(joined);
  // A join after the first one may have missed changes while away.
  if (joins++ > 0) everythingChanged();
  joined.onMessage('chat', (message: ServerMessages['chat']) => chatListeners.forEach((listener) => listener(message)));
  joined.onMessage('chatRemoved', (removed: ServerMessages['chatRemoved']) => chatRemovals.forEach((listener) => listener(removed)));
  joined.onMessage('allianceChat', (message: ServerMessages['allianceChat']) =>
    allianceChatListeners.forEach((listener) => listener(message)),
  );
  joined.onMessage('allianceChatRemoved', (removed: ServerMessages['allianceChatRemoved']) =>
    allianceChatRemovals.forEach((listener) => listener(removed)),
  );
  joined.onMessage('refused', refused);
  joined.onMessage('notification', receiveNotice);
  joined.onMessage('figures', showFigures);
  joined.onMessage('details', detailsChanged);
  joined.onMessage('alliance', allianceChanged);
  joined.onMessage('resynced', everythingChanged);
  joined.onMessage('activity', activityArrived);
  joined.onMessage('banner', ({ ad, region }: ServerMessages['banner']) => useWorld.setState({ banner: ad, bannerRegion: region }));
  // Whatever ends the SDK's reconnection joins anew through the balancer: after a kill -9 the
  // restarted process answers the old room's socket with an error close, not 4003.
  let dropped = false;
  joined.onDrop(() => {
    dropped = true;
    useWorld.setState({ connection: 'reconnecting' });
  });
  joined.onReconnect(() => {
    dropped = false;
    useWorld.setState({ connection: 'live' });
    everythingChanged();
  });
  joined.onLeave((code) => {
    if (room !== joined) return;
    room = null;
    if (code === SESSION_ENDED_CLOSE_CODE) {
      // Logged out here or elsewhere, or the session ran out: forgetting the player rejoins as a
      // visitor (connectWorld follows the session), and every screen shows the visitor's view.
      const known = useSession.getState().account !== null;
      useSession.getState().clear();
      if (!known) void rejoin(options, endpoint);
      showToast({ variant: 'default', title: 'Logged Out', description: 'Your session ended: you are watching as a visitor.' });
      return;
    }
    if (code === VIEW_FLOOD_CLOSE_CODE) {
      // The server saw far more map moves than a map sends (docs/design.md "Live state"): say so,
      // and come back after a pause rather than at once.
      useWorld.setState({ connection: 'reconnecting' });
      showToast({
        variant: 'destructive',
        title: 'Live Map Paused',
        description: `This page sent too many map moves; the live map reconnects in ${FLOODED_REJOIN_MS / 1000} seconds.`,
      });
      setTimeout(() => void rejoin(options, endpoint), FLOODED_REJOIN_MS);
      return;
    }
    if (shouldRejoin(code, dropped)) {
      useWorld.setState({ connection: 'reconnecting' });
      void rejoin(options, endpoint);
      return;
    }
    useWorld.setState({ connection: 'offline', paymentsDue: null });
  });
  useWorld.setState({ connection: 'live' });
  if (watching !== null) send({ type: 'chat.watch', territoryId: watching });
  if (activityWatchers > 0) send({ type: 'activity.watch', on: true });
  if (viewAt !== null) send({ type: 'view.at', at: viewAt });
  if (viewBox !== null) send({ type: 'view.box', ...viewBox });
}

/**
 * Joins again after the server sent this client away (it is restarting) or the SDK could not
 * reconnect to the same room: the load balancer sends the join to a process that is up, and the
 * client watches the same chat as before. Stops once any join succeeded or disconnectWorld ran
 * (a join that a newer one overtook leaves by itself).
 */
async function rejoin(options: WorldConnectionOptions, endpoint: string): Promise<void> {
  for (let attempt = 1; started && room === null; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, rejoinDelayMs(attempt, Math.random())));
    if (!started || room !== null) return;
    try {
      await join(options, endpoint);
      return;
    } catch {
      // No process took the seat yet (they are restarting one by one): wait longer and ask again.
    }
  }
}

/**
 * Joins the world once the session is known, and again as another player after a log-in or
 * log-out (the room reads who a client is when it joins). Calling it again does nothing.
 */
export function connectWorld(options: WorldConnectionOptions = {}): void {
  const endpoint = options.endpoint ?? globalThis.location?.origin;
  if (started || !endpoint) return;
  started = true;
  const start = () =>
    join(options, endpoint).catch((error: unknown) => {
      useWorld.setState({ connection: 'offline' });
      console.error('Could not join the live world', error);
    });
  // A page that goes away leaves at once, so the server frees its seat and a reload simply joins
  // again: resuming with a reconnection token raced the old socket's close and failed (HTTP 524).
  globalThis.addEventListener?.('pagehide', () => {
    const leaving = room;
    room = null;
    void leaving?.leave(true).catch(() => undefined);
  });
  // A page restored from the back-forward cache left on its way out, so it joins again.
  globalThis.addEventListener?.('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted && room === null) void start();
  });
  let joinedAs = useSession.getState().status === 'ready' ? (useSession.getState().account?.id ?? null) : undefined;
  if (joinedAs !== undefined) void start();
  useSession.subscribe((state) => {
    if (state.status !== 'ready') return;
    const userId = state.account?.id ?? null;
    if (userId === joinedAs) return;
    joinedAs = userId;
    const previous = room;
    room = null;
    void previous?.leave().catch(() => undefined);
    void start();
  });
}

/** Leaves the world (a consented leave: the server frees the place at once). */
export async function disconnectWorld(): Promise<void> {
  started = false;
  generation++;
  const leaving = room;
  room = null;
  useWorld.setState({ connection: 'offline' });
  await leaving?.leave();
}

function send(message: ClientMessage): void {
  room?.send(message.type, message);
}

/**
 * Receives the live chat of one territory (or none) until the returned function is called. The
 * room sends each client the messages of the territory it watches, so only one is watched at a time.
 */
export function watchChat(
  territoryId: number | null,
  onMessage: (message: ChatMessageDto) => void,
  onRemoved: (messageId: number) => void = () => {},
): () => void {
  watching = territoryId;
  send({ type: 'chat.watch', territoryId });
  const listener = (message: ChatMessageDto) => {
    if (message.territory_id === territoryId) onMessage(message);
  };
  const removal = (removed: ServerMessages['chatRemoved']) => {
    if (removed.territory_id === territoryId) onRemoved(removed.id);
  };
  chatListeners.add(listener);
  chatRemovals.add(removal);
  return () => {
    chatListeners.delete(listener);
    chatRemovals.delete(removal);
    if (watching === territoryId && chatListeners.size === 0) {
      watching = null;
      send({ type: 'chat.watch', territoryId: null });
    }
  };
}

/**
 * Receives the live chat of the player's alliance until the returned function is called. Nothing is
 * asked of the room: it sends each member's clients their alliance's messages, and nobody else's.
 */
export function watchAllianceChat(
  allianceId: number,
  onMessage: (message: AllianceChatMessageDto) => void,
  onRemoved: (messageId: number) => void,
): () => void {
  const listener = (message: AllianceChatMessageDto) => message.alliance_id === allianceId && onMessage(message);
  const removal = (removed: ServerMessages['allianceChatRemoved']) => removed.alliance_id === allianceId && onRemoved(removed.id);
  allianceChatListeners.add(listener);
  allianceChatRemovals.add(removal);
  return () => {
    allianceChatListeners.delete(listener);
    allianceChatRemovals.delete(removal);
  };
}

/** The Wanakt's pin, in map coordinates, while it moves; the room shows it to everyone. */
export function dragPinLive(territoryId: number, x: number, y: number): void {
  send({ type: 'pin.drag', territoryId, x, y });
}

/**
 * Where the map looks (its centre when zoomed in on a place, null at the whole world): the room
 * shows the banners aimed at that region (docs/rules.md §9 "Advertising"). The map reports it only
 * when the region changes (mapController's rest). Kept for rejoins.
 */
export function reportView(at: ViewAt['at']): void {
  viewAt = at;
  send({ type: 'view.at', at });
}

/**
 * What the map shows (in degrees) at what zoom, once the camera rests: the room then sends this
 * client the territories inside it, and only their changes (schema/rules/viewport.ts). Kept for rejoins.
 */
export function reportBox(box: ViewBox['box'], zoom: number): void {
  viewBox = { box, zoom };
  send({ type: 'view.box', box, zoom });
}

/**
 * Receives the world's activity feed (into state/activity.ts) until the returned function is
 * called; the room sends it only to clients that asked.
 */
export function watchActivity(): () => void {
  if (activityWatchers++ === 0) send({ type: 'activity.watch', on: true });
  return () => {
    if (--activityWatchers === 0) send({ type: 'activity.watch', on: false });
  };
}
