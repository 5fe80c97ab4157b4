import {
  CloseCode,
  matchMaker,
  Room,
  SchemaSerializer,
  ServerError,
  type AuthContext,
  type Client,
  type Serializer,
  type Server,
} from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { ChatMessageDto } from '../../../schema/api/chat.ts';
import type { ActivityItem } from '../../../schema/state/messages.ts';
import {
  MAX_CLIENT_MESSAGES_PER_SECOND,
  RECONNECT_WINDOW_SECONDS,
  SERVER_RESTARTING_MESSAGE,
  readClientMessage,
  type ClientMessage,
  type ServerMessages,
} from '../../../schema/state/messages.ts';
import type { Actor } from '../../../schema/commands/policy.ts';
import { WorldState } from '../../../schema/state/world-state.ts';
import { SESSION_ENDED_CLOSE_CODE, TOO_MANY_SOCKETS_CODE, VIEW_FLOOD_CLOSE_CODE } from '../../../schema/rules/rejoin.ts';
import type { BoundingBox } from '../../../schema/rules/viewport.ts';
import { sessionIsLive, type SessionUser } from '../../domain/auth/sessions.ts';
import { SOCKET_CAPS, type SocketCaps } from '../../infra/limits/door-limits.ts';
import { forbidden, GameError, unauthenticated } from '../../errors.ts';
import { execute } from '../../commands/execute.ts';
import type { CommandKey } from '../../commands/idempotency.ts';
import type { Lifecycle } from '../../lifecycle.ts';
import { playersOnline, roomClients, roomMessageRefusals, roomsHere } from '../../infra/observability/metrics.ts';
import { take } from '../../infra/limits/take.ts';
import { CHAT_REFUSAL } from '../../domain/social/chat.ts';
import { OnlineCount } from './online-count.ts';
import { PinDrags } from './pin-drags.ts';
import { PlayerFigures, type FiguresClient } from './player-figures.ts';
import { homeRegionOfPlayer, impressionViewerOf, RoomBanners, type BannerViewer } from './room-banners.ts';
import { SocketSeats, type SeatKind } from './socket-seats.ts';
import { RoomViewBudget, ViewPacer, VIEW_PACING, type PacerLimits } from './view-pacer.ts';
import { authenticateJoin, HOME_PROCESS_OPTION, WORLD_ROOM, type WorldAuth } from './world-auth.ts';
import { WorldSync, type WorldRoomDeps } from './world-sync.ts';
import { Viewer } from './world-views.ts';
import { QuietPatches } from './quiet-patches.ts';

interface ClientData {
  /** The territory whose chat this client receives. */
  watching: number | null;
  /** Its socket broke the protocol (a frame over the size limit, say): it does not get its place kept. */
  broke: boolean;
  /** Whether it shows the activity feed. */
  activity: boolean;
  /** How its player's figures reach it; null for a visitor. */
  figures: FiguresClient | null;
  /** Closes the socket when its session runs out. */
  expiry: ReturnType<typeof setTimeout> | null;
  /** Where it looks and what banner it was shown. */
  banner: BannerViewer;
  /** The territories its view holds (world-views.ts). */
  viewer: Viewer;
  /** Paces its view changes and watches for a flood (view-pacer.ts). */
  pacer: ViewPacer<BoundingBox>;
}

/** The seat a socket takes among its address's sockets (socket-seats.ts); `taken` settles whether it got one. */
interface Seat {
  kind: SeatKind;
  address: string;
  taken: Promise<boolean>;
}
type WorldClient = Client<{ userData: ClientData; auth: WorldAuth; messages: ServerMessages }>;

/** What a join hears when the room it was placed on closed before it arrived. */
export const PLACED_ROOM_GONE_MESSAGE = 'That world room just closed: join again';

/** What a socket that flooded the room with view changes is told as it is closed (VIEW_FLOOD_CLOSE_CODE). */
export const VIEW_FLOOD_MESSAGE = 'Too many map moves from this page: reconnecting shortly';

/** What a socket whose session ended is told as it is closed; the client then shows the visitor view. */
export const SESSION_ENDED_MESSAGE = 'Your session ended: you are watching as a visitor';
// setTimeout's longest wait (about 24.8 days); a longer session is looked at again then.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

// Closes after which a browser may come back with its reconnection token (a reload, a lost network).
const MAY_COME_BACK = new Set<number>([
  CloseCode.GOING_AWAY,
  CloseCode.NO_STATUS_RECEIVED,
  CloseCode.ABNORMAL_CLOSURE,
  CloseCode.MAY_TRY_RECONNECT,
]);

function userOf(client: WorldClient): SessionUser {
  const user = client.auth?.user;
  if (!user) throw unauthenticated();
  return user;
}

const actorOf = (client: WorldClient): Actor => ({ user: client.auth?.user ?? null, via: 'room' });
/** A message's command is keyed under its player's account, as the same command's REST call is. */
const commandKeyOf = (client: WorldClient, key: string | undefined): CommandKey => ({
  caller: `user:${userOf(client).id}`,
  ...(key !== undefined && { key }),
});

function wanaktOf(client: WorldClient): SessionUser {
  const user = userOf(client);
  if (!user.is_wanakt) throw forbidden('Only the Wanakt can move map pins');
  return user;
}

/**
 * The live world: every client sees every change the database commits to what it looks at, owns or
 * watches, a moment later.
 */
export class WorldRoom extends Room<{ state: WorldState; client: WorldClient }> {
  maxMessagesPerSecond = MAX_CLIENT_MESSAGES_PER_SECOND;
  private deps!: WorldRoomDeps;
  private figures!: PlayerFigures;
  private sync!: WorldSync;
  private pins!: PinDrags;
  private banners!: RoomBanners;
  // Unset until the world has loaded: a room can be disposed before that (its creating join failed
  // or the process began to drain), and then there is no count to stop.
  private online?: OnlineCount;
  private disposed = false;
  private unsubscribe: () => void = () => {};
  private caps: SocketCaps = SOCKET_CAPS;
  private pacing: PacerLimits = VIEW_PACING;
  private seats!: SocketSeats;
  private readonly viewBudget = new RoomViewBudget();
  private readonly seatOf = new Map<WorldClient, Seat>();
  /** Who waits for the next patch to be sent (a view change's next slice). */
  private afterPatch: (() => void)[] = [];

  async onCreate({
    deps,
    caps,
    pacing,
    ...options
  }: {
    deps: WorldRoomDeps;
    caps?: SocketCaps;
    pacing?: PacerLimits;
    [HOME_PROCESS_OPTION]?: string;
  }) {
    // A join placed on another process's room that closed meanwhile would make a second world room
    // here, labelled with that process: refused instead, the client joins again and is placed anew.
    const placed = options[HOME_PROCESS_OPTION];
    if (placed !== undefined && placed !== matchMaker.processId) throw new ServerError(503, PLACED_ROOM_GONE_MESSAGE);
    this.deps = deps;
    if (caps) this.caps = caps;
    if (pacing) this.pacing = pacing;
    this.seats = new SocketSeats(this.presence, this.roomId, () => deps.clock().getTime(), deps.log);
    const state = new WorldState();
    this.figures = new PlayerFigures(deps.sql);
    const banners = new RoomBanners(deps.impressions);
    this.banners = banners;
    const sync = new WorldSync(state, deps, this.figures, {
      viewers: () => this.clients.length,
      showBanner: (banner) => banners.show(banner, this.bannerViewers()),
      sendChat: (message) => this.sendChat(message),
      removeChat: (removed) =>
        this.clients.forEach((client) => client.userData?.watching === removed.territory_id && client.send('chatRemoved', removed)),
      hasPlayer: (userId) => this.clients.some((client) => client.auth?.user?.id === userId),
      sendNotice: (userId, notice) =>
        this.clients.forEach((client) => client.auth?.user?.id === userId && client.send('notification', notice)),
      sendToPlayers: (userIds, type, message) =>
        this.clients.forEach((client) => userIds.includes(client.auth?.user?.id ?? '') && client.send(type, message)),
      sendActivity: (items) => this.sendActivity(items),
      sendDetails: (territoryId) => this.broadcast('details', { territoryId }),
      resynced: () => this.broadcast('resynced', {}),
      patched: () => new Promise((resolve) => this.afterPatch.push(resolve)),
    });
    this.sync = sync;
    this.pins = new PinDrags(state, (territoryIds) => sync.reread(territoryIds));
    // Listening before reading: whatever commits meanwhile is applied after the first read. Ended
    // sessions close their sockets as the event arrives, whatever the world's own catching up.
    this.unsubscribe = deps.events.subscribe((event, seq, origin) => {
      if (event.type === 'sessions.ended') this.endSessions(new Set(event.sessions));
      sync.deliver(event, seq, origin);
    });
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

  /** Colyseus sets its serializer as the state is assigned: this room's keeps empty patches back (quiet-patches.ts). */
  override setSerializer(serializer: Serializer<WorldState>): void {
    super.setSerializer(serializer instanceof SchemaSerializer && !(serializer instanceof QuietPatches) ? new QuietPatches() : serializer);
  }

  /** Those waiting for the patch go on once it is sent, in a task of their own: a view change's next slice never runs in the task that encoded the last. */
  override broadcastPatch(): boolean {
    const sent = super.broadcastPatch();
    const waiting = this.afterPatch;
    this.afterPatch = [];
    if (waiting.length > 0) setImmediate(() => waiting.forEach((resolve) => resolve()));
    return sent;
  }

  async onJoin(client: WorldClient, _options: unknown, auth: WorldAuth) {
    this.refuseOverSessionCap(auth);
    await this.takeSeat(client, auth);
    const banner: BannerViewer = {
      countsAs: impressionViewerOf(auth.user?.id ?? null, auth.address),
      view: null,
      home: null,
      sent: null,
      send: (message) => client.send('banner', message),
    };
    client.view = new StateView();
    const viewer = new Viewer(client.view, auth.user?.id ?? null);
    const pacer = new ViewPacer<BoundingBox>(
      (box, superseded) => this.look(viewer, box, superseded),
      this.pacing,
      undefined,
      this.viewBudget,
    );
    client.userData = { watching: null, broke: false, activity: false, figures: null, expiry: null, banner, viewer, pacer };
    this.watchSocket(client);
    if (auth.session) this.closeAtExpiry(client, auth.session.expiresAtMs);
    this.online?.change(1);
    roomClients.inc();
    banner.home = await homeRegionOfPlayer(this.deps.sql, auth.user?.id ?? null);
    this.banners.offer(banner);
    await this.sync.join(viewer);
    if (!auth.user) return;
    const figures: FiguresClient = {
      userId: auth.user.id,
      seesRealm: auth.user.is_wanakt,
      send: (values) => client.send('figures', values),
    };
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
    // The banner, like the figures, goes to this socket now; what was sent while away was lost.
    const banner = client.userData?.banner;
    if (banner) {
      banner.send = (message) => client.send('banner', message);
      banner.sent = null;
      this.banners.offer(banner);
    }
    // The player's figures now go to this socket, and those sent while it was away were lost.
    const figures = client.userData?.figures;
    if (!figures) return;
    figures.send = (values) => client.send('figures', values);
    void this.figures.push([figures.userId]);
  }

  onLeave(client: WorldClient) {
    this.giveSeat(client);
    // A join refused by a cap never got its place counted.
    if (!client.userData) return;
    client.userData.pacer.stop();
    if (client.userData.expiry) clearTimeout(client.userData.expiry);
    this.pins.release(client.sessionId);
    this.sync.leave(client.userData.viewer);
    client.view?.dispose();
    const figures = client.userData?.figures;
    if (figures) this.figures.detach(figures);
    this.online?.change(-1);
    roomClients.dec();
  }

  async onDispose() {
    this.disposed = true;
    this.unsubscribe();
    this.sync?.stop();
    await this.seats?.clear();
    if (!this.online) return;
    roomsHere.dec();
    await this.online.stop();
  }

  /**
   * A socket's seat among its address's sockets in every process: players and visitors apart, a
   * visitor's cap far lower (SOCKET_CAPS). Noted before the wait, so a socket that leaves while its
   * seat is being taken still gives it back.
   */
  private async takeSeat(client: WorldClient, auth: WorldAuth): Promise<void> {
    const kind: SeatKind = auth.user ? 'player' : 'visitor';
    const cap = auth.user ? this.caps.perAddress : this.caps.visitorsPerAddress;
    const seat: Seat = { kind, address: auth.address, taken: this.seats.take(kind, auth.address, cap) };
    this.seatOf.set(client, seat);
    if (await seat.taken) return;
    this.seatOf.delete(client);
    throw new ServerError(
      TOO_MANY_SOCKETS_CODE,
      auth.user
        ? `Too many connections from your address (at most ${cap}): close another tab and try again`
        : `Too many connections without an account from your address (at most ${cap}): log in, or close another tab and try again`,
    );
  }

  private giveSeat(client: WorldClient): void {
    const seat = this.seatOf.get(client);
    if (!seat) return;
    this.seatOf.delete(client);
    void seat.taken.then((taken) => taken && this.seats.give(seat.kind, seat.address));
  }

  /**
   * Runs first in onJoin, before any await: Colyseus has already put this client in `clients`, so
   * counting there is exact however many joins race.
   */
  private refuseOverSessionCap(auth: WorldAuth): void {
    const hash = auth.session?.hash;
    if (hash && this.clients.filter((other) => other.auth?.session?.hash === hash).length > this.caps.perSession) {
      throw new ServerError(
        TOO_MANY_SOCKETS_CODE,
        `Too many connections for your session (at most ${this.caps.perSession}): close another tab and try again`,
      );
    }
  }

  private closeAtExpiry(client: WorldClient, expiresAtMs: number): void {
    const wait = expiresAtMs - this.deps.clock().getTime();
    client.userData!.expiry = setTimeout(
      () => {
        if (wait > LONGEST_TIMER_MS) return this.closeAtExpiry(client, expiresAtMs);
        client.leave(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_MESSAGE);
      },
      Math.max(0, Math.min(wait, LONGEST_TIMER_MS)),
    );
  }

  /** Closes every socket that acts with one of these sessions. */
  private endSessions(hashes: Set<string>): void {
    for (const client of this.clients) {
      if (client.auth?.session && hashes.has(client.auth.session.hash)) client.leave(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_MESSAGE);
    }
  }

  /**
   * A socket's write acts with its session only while the session lives: asked before each write,
   * so a write never outruns the ended-session event that is on its way to close the socket.
   */
  private async requireLiveSession(client: WorldClient): Promise<void> {
    const session = client.auth?.session;
    if (session && (await sessionIsLive(this.deps.sql, session.hash, this.deps.clock()))) return;
    if (session) client.leave(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_MESSAGE);
    throw unauthenticated();
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
        await this.sync.watch(client.userData!.viewer, message.territoryId);
        return;
      case 'view.box':
        if (!client.userData!.pacer.heard()) return this.flooded(client);
        client.userData!.pacer.push(message.box);
        return;
      case 'view.at':
        if (!client.userData!.pacer.heard()) return this.flooded(client);
        client.userData!.banner.view = message.at;
        this.banners.offer(client.userData!.banner);
        return;
      case 'activity.watch':
        client.userData!.activity = message.on;
        if (message.on) client.send('activity', this.sync.backlog());
        return;
      case 'chat.send':
        await this.requireLiveSession(client);
        await take(this.deps.chatCounter, userOf(client).id, CHAT_REFUSAL);
        await execute(
          this.deps,
          actorOf(client),
          { type: 'chat.post', body: { territory_id: message.territoryId, message: message.message } },
          { key: commandKeyOf(client, message.key) },
        );
        return;
      case 'pin.drag':
        wanaktOf(client);
        this.pins.drag(client.sessionId, message);
        return;
      case 'pin.drop':
        wanaktOf(client);
        await this.requireLiveSession(client);
        await this.pins.drop(client.sessionId, message, (position) =>
          execute(
            this.deps,
            actorOf(client),
            { type: 'territory.move-pin', territoryId: message.territoryId, body: position },
            { key: commandKeyOf(client, message.key) },
          ),
        );
        return;
    }
  }

  /** A view change as its pacer lets it through; a failure is logged, and the next change reads afresh. */
  private look(viewer: Viewer, box: BoundingBox, superseded: () => boolean): Promise<number> {
    return this.sync.look(viewer, box, superseded).catch((error: unknown) => {
      this.deps.log.error('The world room failed on view.box', error);
      return 0;
    });
  }

  /** Far more view changes than a map sends: the socket is closed, and its place not kept. */
  private flooded(client: WorldClient): void {
    client.userData!.broke = true;
    client.leave(VIEW_FLOOD_CLOSE_CODE, VIEW_FLOOD_MESSAGE);
  }

  private bannerViewers(): BannerViewer[] {
    return this.clients.flatMap((client) => (client.userData ? [client.userData.banner] : []));
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
 * join option the matchmaking request is given here (the least-loaded live process), and every one
 * of them applies the domain events; the matchmaking request carries the cookie and Origin the
 * join is checked on.
 */
export function defineWorldRoom(
  server: Server,
  deps: WorldRoomDeps,
  lifecycle: Lifecycle,
  caps: SocketCaps = SOCKET_CAPS,
  pacing: PacerLimits = VIEW_PACING,
) {
  class WorldRoomOfThisServer extends WorldRoom {
    static async onAuth(_token: string, options: Record<string, unknown>, context: AuthContext) {
      // A draining process takes no new seats: the client asks again and reaches another process.
      if (lifecycle.draining) throw new ServerError(503, SERVER_RESTARTING_MESSAGE);
      return authenticateJoin(deps, options, context);
    }
  }
  return server.define(WORLD_ROOM, WorldRoomOfThisServer, { deps, caps, pacing }).filterBy([HOME_PROCESS_OPTION]);
}

/** New rooms are made in the process that was asked: a join is only placed elsewhere on a room that exists. */
export const createRoomsHere = async () => matchMaker.processId;
