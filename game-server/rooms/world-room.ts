import { CloseCode, matchMaker, Room, type AuthContext, type Client, type Server } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import { WebSocket as NodeWebSocket } from 'ws';
import type { ChatMessageDto } from '../../schema/api/chat.ts';
import {
  MAX_CLIENT_MESSAGES_PER_SECOND,
  RECONNECT_WINDOW_SECONDS,
  readClientMessage,
  type ClientMessage,
  type ServerMessages,
} from '../../schema/state/messages.ts';
import { WorldState } from '../../schema/state/world-state.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { forbidden, GameError, unauthenticated } from '../errors.ts';
import { postChatMessage } from '../social/chat.ts';
import { OnlineCount } from './online-count.ts';
import { PinDrags } from './pin-drags.ts';
import { PrivateAccounts } from './private-accounts.ts';
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
}
type WorldClient = Client<{ userData: ClientData; auth: WorldAuth; messages: ServerMessages }>;

// Closes after which a browser may come back with its reconnection token (a reload, a lost network).
const MAY_COME_BACK = new Set<number>([CloseCode.GOING_AWAY, CloseCode.NO_STATUS_RECEIVED, CloseCode.ABNORMAL_CLOSURE, CloseCode.MAY_TRY_RECONNECT]);

function userOf(client: WorldClient): SessionUser {
  const user = client.auth?.user;
  if (!user) throw unauthenticated();
  return user;
}

function wanaktOf(client: WorldClient): SessionUser {
  const user = userOf(client);
  if (!user.is_wanakt) throw forbidden('Only the Wanakt can move map pins');
  return user;
}

/** The live world: every client sees every change the database commits, a moment later. */
export class WorldRoom extends Room<{ state: WorldState; client: WorldClient }> {
  maxMessagesPerSecond = MAX_CLIENT_MESSAGES_PER_SECOND;
  private deps!: WorldRoomDeps;
  private accounts!: PrivateAccounts;
  private pins!: PinDrags;
  private online!: OnlineCount;
  private unsubscribe: () => void = () => {};

  async onCreate({ deps }: { deps: WorldRoomDeps }) {
    this.deps = deps;
    const state = new WorldState();
    this.accounts = new PrivateAccounts(state.accounts, deps.sql);
    const sync = new WorldSync(state, deps, this.accounts, {
      viewers: () => this.clients.length,
      sendChat: (message) => this.sendChat(message),
    });
    this.pins = new PinDrags(state, deps, (territoryIds) => sync.handle({ type: 'territories.changed', territoryIds }));
    // Listening before reading: whatever commits meanwhile is applied after the first read.
    this.unsubscribe = deps.events.subscribe((event) => sync.handle(event));
    await sync.load();
    this.state = state;
    this.online = new OnlineCount(this.presence, this.roomId, (total) => (state.online = total), deps.log);
    this.online.start();
    this.onMessage('*', (client: WorldClient, type: string | number, payload: unknown) => this.receive(client, type, payload));
  }

  async onJoin(client: WorldClient, _options: unknown, auth: WorldAuth) {
    client.userData = { watching: null, broke: false };
    this.watchSocket(client);
    this.online.change(1);
    if (!auth.user) return;
    const account = await this.accounts.attach(auth.user.id);
    client.view = new StateView();
    client.view.add(account);
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
  }

  onLeave(client: WorldClient) {
    this.pins.release(client.sessionId);
    const user = client.auth?.user;
    if (user) this.accounts.detach(user.id);
    client.view?.dispose();
    this.online.change(-1);
  }

  async onDispose() {
    this.unsubscribe();
    await this.online.stop();
  }

  private watchSocket(client: WorldClient): void {
    client.ref.once('error', () => (client.userData!.broke = true));
  }

  private async receive(client: WorldClient, type: string | number, payload: unknown): Promise<void> {
    const read = readClientMessage(type, payload);
    if (!read.ok) return client.send('refused', { type: String(type), message: read.reason });
    try {
      await this.act(client, read.message);
    } catch (error) {
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
      case 'chat.send':
        await postChatMessage(this.deps, userOf(client), { territory_id: message.territoryId, message: message.message });
        return;
      case 'pin.drag':
        wanaktOf(client);
        this.pins.drag(client.sessionId, message);
        return;
      case 'pin.drop':
        await this.pins.drop(client.sessionId, wanaktOf(client), message);
        return;
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
export function defineWorldRoom(server: Server, deps: WorldRoomDeps) {
  class WorldRoomOfThisServer extends WorldRoom {
    static async onAuth(_token: string, options: Record<string, unknown>, context: AuthContext) {
      return authenticateJoin(deps, options, context);
    }
  }
  return server.define('world', WorldRoomOfThisServer, { deps }).filterBy([HOME_PROCESS_OPTION]);
}

/** New rooms are made in the process that was asked, so its own sockets reach them. */
export const createRoomsHere = async () => matchMaker.processId;
