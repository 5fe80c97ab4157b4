import { CloseCode, matchMaker, Room, ServerError, type AuthContext, type Client, type Server } from '@colyseus/core';
import { WebSocket as NodeWebSocket } from 'ws';
import type { ChatMessageDto } from '../../schema/api/chat.ts';
import type { ActivityItem } from '../../schema/state/messages.ts';
import {
  MAX_CLIENT_MESSAGES_PER_SECOND,
  RECONNECT_WINDOW_SECONDS,
  SERVER_RESTARTING_MESSAGE,
  readClientMessage,
  type ClientMessage,
  type ServerMessages,
} from '../../schema/state/messages.ts';
import type { Actor } from '../../schema/commands/policy.ts';
import { WorldState } from '../../schema/state/world-state.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { forbidden, GameError, unauthenticated } from '../errors.ts';
import { execute } from '../commands/execute.ts';
import type { Lifecycle } from '../lifecycle.ts';
import { playersOnline, roomClients, roomMessageRefusals, roomsHere } from '../observability/metrics.ts';
import { take } from '../limits/take.ts';
import { CHAT_REFUSAL } from '../social/chat.ts';
import { OnlineCount } from './online-count.ts';
import { PinDrags } from './pin-drags.ts';
import { PlayerFigures, type FiguresClient } from './player-figures.ts';
import { authenticateJoin, HOME_PROCESS_OPTION, type WorldAuth } from './world-auth.ts';
import { WorldSync, type WorldRoomDeps } from './world-sync.ts';

// @colyseus/core reads the global `WebSocket.OPEN` when a client reconnects. Node 22 has a global
// WebSocket; Node 20 does not, and without one every reconnection fails with a ReferenceError.
globalThis.WebSocket ??= NodeWebSocket as unknown as typeof globalThis.WebSocket;

interface ClientData {
  /** The territory whose chat this client receives. */
  watching: number | null;
  /** Its socket broke the protocol (a frame over the size limit, say): it does not get its place kept. */
  broke: boolean;
  /** Whether it shows the activity feed. */
  activity: boolean;
  /** How its player's figures reach it; null for a visitor. */
  figures: FiguresClient | null;
}
type WorldClient = Client<{ userData: ClientData; auth: WorldAuth; messages: ServerMessages }>;

// Closes after which a browser may come back with its reconnection token (a reload, a lost network).
const MAY_COME_BACK = new Set<number>([CloseCode.GOING_AWAY, CloseCode.NO_STATUS_RECEIVED, CloseCode.ABNORMAL_CLOSURE, CloseCode.MAY_TRY_RECONNECT]);

function userOf(client: WorldClient): SessionUser {
  const user = client.auth?.user;
  if (!user) throw unauthenticated();
  return user;
}

const actorOf = (client: WorldClient): Actor => ({ user: client.auth?.user ?? null, via: 'room' });

function wanaktOf(client: WorldClient): SessionUser {
  const user = userOf(client);
  if (!user.is_wanakt) throw forbidden('Only the Wanakt can move map pins');
  return user;
}

/** The live world: every client sees every change the database commits, a moment later. */
export class WorldRoom extends Room<{ state: WorldState; client: WorldClient }> {
  maxMessagesPerSecond = MAX_CLIENT_MESSAGES_PER_SECOND;
  private deps!: WorldRoomDeps;
  private figures!: PlayerFigures;
  private sync!: WorldSync;
  private pins!: PinDrags;
  // Unset until the world has loaded: a room can be disposed before that (its creating join failed
  // or the process began to drain), and then there is no count to stop.
  private online?: OnlineCount;
  private disposed = false;
  private unsubscribe: () => void = () => {};

  async onCreate({ deps }: { deps: WorldRoomDeps }) {
    this.deps = deps;
    const state = new WorldState();
    this.figures = new PlayerFigures(deps.sql);
    const sync = new WorldSync(state, deps, this.figures, {
      viewers: () => this.clients.length,
      sendChat: (message) => this.sendChat(message),
      hasPlayer: (userId) => this.clients.some((client) => client.auth?.user?.id === userId),
      sendNotice: (userId, notice) => this.clients.forEach((client) => client.auth?.user?.id === userId && client.send('notification', notice)),
      sendActivity: (items) => this.sendActivity(items),
      sendDetails: (territoryId) => this.broadcast('details', { territoryId }),
      resynced: () => this.broadcast('resynced', {}),
    });
    this.sync = sync;
    this.pins = new PinDrags(state, (territoryIds) => sync.reread(territoryIds));
    // Listening before reading: whatever commits meanwhile is applied after the first read.
    this.unsubscribe = deps.events.subscribe((event, seq, origin) => sync.deliver(event, seq, origin));
    await sync.load();
    if (this.disposed) return;
    this.state = state;
    this.online = new OnlineCount(
      this.presence,
      this.roomId,
      (total) => {
        state.online = total;
        playersOnline.set(total);
      },
      deps.log,
      deps.clock,
    );
    roomsHere.inc();
    this.online.start();
    this.onMessage('*', (client: WorldClient, type: string | number, payload: unknown) => this.receive(client, type, payload));
  }

  async onJoin(client: WorldClient, _options: unknown, auth: WorldAuth) {
    client.userData = { watching: null, broke: false, activity: false, figures: null };
    this.watchSocket(client);
    this.online?.change(1);
    roomClients.inc();
    if (!auth.user) return;
    const figures: FiguresClient = { userId: auth.user.id, seesRealm: auth.user.is_wanakt, send: (values) => client.send('figures', values) };
    client.userData.figures = figures;
    await this.figures.attach(figures);
  }

  onDrop(client: WorldClient, code?: number) {
    if (code === undefined || !MAY_COME_BACK.has(code) || client.userData?.broke) return;
    // The promise rejects when the window runs out, or at once for a client that dropped before its
    // join finished; Colyseus then calls onLeave itself, so there is nothing left to do here, and
    // an unhandled rejection would take the whole process down.
    this.allowReconnection(client, RECONNECT_WINDOW_SECONDS).catch(() => {});
  }

  onReconnect(client: WorldClient) {
    this.watchSocket(client);
    // The player's figures now go to this socket, and those sent while it was away were lost.
    const figures = client.userData?.figures;
    if (!figures) return;
    figures.send = (values) => client.send('figures', values);
    void this.figures.push([figures.userId]);
  }

  onLeave(client: WorldClient) {
    this.pins.release(client.sessionId);
    const figures = client.userData?.figures;
    if (figures) this.figures.detach(figures);
    this.online?.change(-1);
    roomClients.dec();
  }

  async onDispose() {
    this.disposed = true;
    this.unsubscribe();
    this.sync?.stop();
    if (!this.online) return;
    roomsHere.dec();
    await this.online.stop();
  }

  private watchSocket(client: WorldClient): void {
    client.ref.once('error', () => (client.userData!.broke = true));
  }

  private async receive(client: WorldClient, type: string | number, payload: unknown): Promise<void> {
    const read = readClientMessage(type, payload);
    if (!read.ok) {
      roomMessageRefusals.inc({ type: 'malformed' });
      return client.send('refused', { type: String(type), message: read.reason });
    }
    try {
      await this.act(client, read.message);
    } catch (error) {
      roomMessageRefusals.inc({ type: read.message.type });
      if (!(error instanceof GameError)) this.deps.log.error(`The world room failed on ${read.message.type}`, error);
      const message = error instanceof GameError ? error.message : 'Something went wrong on our side';
      client.send('refused', { type: read.message.type, message });
    }
  }

  private async act(client: WorldClient, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'chat.watch':
        client.userData!.watching = message.territoryId;
        return;
      case 'activity.watch':
        client.userData!.activity = message.on;
        if (message.on) client.send('activity', this.sync.backlog());
        return;
      case 'chat.send':
        await take(this.deps.chatCounter, userOf(client).id, CHAT_REFUSAL);
        await execute(this.deps, actorOf(client), { type: 'chat.post', body: { territory_id: message.territoryId, message: message.message } });
        return;
      case 'pin.drag':
        wanaktOf(client);
        this.pins.drag(client.sessionId, message);
        return;
      case 'pin.drop':
        wanaktOf(client);
        await this.pins.drop(client.sessionId, message, (position) =>
          execute(this.deps, actorOf(client), { type: 'territory.move-pin', territoryId: message.territoryId, body: position }),
        );
        return;
    }
  }

  private sendActivity(items: ActivityItem[]): void {
    for (const client of this.clients) {
      if (client.userData?.activity) client.send('activity', items);
    }
  }

  private sendChat(message: ChatMessageDto): void {
    for (const client of this.clients) {
      if (client.userData?.watching === message.territory_id) client.send('chat', message);
    }
  }
}

/**
 * Registers the `world` room on this server. Each process serves its own world room, found by the
 * join option the matchmaking request is given here, and every one of them applies the domain
 * events; the matchmaking request carries the cookie and Origin the join is checked on.
 */
export function defineWorldRoom(server: Server, deps: WorldRoomDeps, lifecycle: Lifecycle) {
  class WorldRoomOfThisServer extends WorldRoom {
    static async onAuth(_token: string, options: Record<string, unknown>, context: AuthContext) {
      // A draining process takes no new seats: the client asks again and reaches another process.
      if (lifecycle.draining) throw new ServerError(503, SERVER_RESTARTING_MESSAGE);
      return authenticateJoin(deps, options, context);
    }
  }
  return server.define('world', WorldRoomOfThisServer, { deps }).filterBy([HOME_PROCESS_OPTION]);
}

/** New rooms are made in the process that was asked, so its own sockets reach them. */
export const createRoomsHere = async () => matchMaker.processId;
