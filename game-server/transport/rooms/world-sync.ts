import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { OriginPolicy } from '../../domain/auth/origin.ts';
import { Encoder } from '@colyseus/schema';
import type { BroadcastDto } from '../../../schema/api/broadcasts.ts';
import type { ChatMessageDto } from '../../../schema/api/chat.ts';
import type { TerritoryDto } from '../../../schema/api/territory.ts';
import { liveFieldsOf, type LiveTerritoryFields } from '../../../schema/state/territory-fields.ts';
import { LiveTerritory, type LiveBroadcast, type WorldState } from '../../../schema/state/world-state.ts';
import { currentBanner, type SlotBanner } from '../../domain/ads/banner-rotation.ts';
import type { ImpressionTally } from '../../domain/ads/impression-tally.ts';
import type { NotificationDto } from '../../../schema/api/notifications.ts';
import { readNotices } from '../../domain/notifications/notifications.ts';
import { ACTIVITY_BACKLOG, activityOfBroadcast, activityOfTerritory } from '../../../schema/state/activity.ts';
import type { ActivityItem, ServerMessages } from '../../../schema/state/messages.ts';
import type { Delivered, DomainEvent, EventBus, EventOrigin } from '../../infra/events/domain-events.ts';
import { inSnapshot } from '../../infra/db/database.ts';
import { outboxHead } from '../../infra/events/outbox.ts';
import type { Logger } from '../../infra/logger.ts';
import { deliveryLagSeconds } from '../../infra/observability/metrics.ts';
import { withRequestId } from '../../infra/request-context.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { recentBroadcasts } from '../../domain/social/broadcasts.ts';
import type { ReachTally } from '../../domain/social/reach-tally.ts';
import { readTerritories } from '../../domain/world/territories.ts';
import { newestTerritoryId, ownIds } from '../../domain/world/view-ids.ts';
import type { LiveWorldIndex } from '../../domain/world/live-world-index.ts';
import type { BoundingBox } from '../../../schema/rules/viewport.ts';
import type { PlayerFigures } from './player-figures.ts';
import { VIEW_SLICE_MARKERS } from './view-pacer.ts';
import { WHOLE_WORLD, WorldViews, type Viewer } from './world-views.ts';

export interface WorldRoomDeps extends ServiceDeps {
  log: Logger;
  /** The outbox relay of this process. */
  events: EventBus;
  /** The per-player chat counter REST uses too, so both doors share one budget. */
  chatCounter: RateLimiterAbstract;
  /** Joins without a session per address (DOOR_LIMITS.visitorJoin), in the shared counter store. */
  visitorJoinCounter: RateLimiterAbstract;
  /** Who may join: the rule REST's state-changing requests follow. */
  origins: OriginPolicy;
  /** Where the room notes the paid banners it shows; the banner-impressions job writes them. */
  impressions: ImpressionTally;
  /** Where the room counts whom it delivered a broadcast to; the broadcast-reach job writes it. */
  reach: ReachTally;
  /** Which territories a box holds: the process's world index, which the map's REST views read too. */
  world: LiveWorldIndex;
}

/** What the sync needs from the room around it. */
export interface RoomSide {
  /** How many clients are connected here: the reach of a broadcast. */
  viewers(): number;
  /** The slot's banner, shown to each client as its region allows. */
  showBanner(banner: SlotBanner | null): void;
  sendChat(message: ChatMessageDto): void;
  removeChat(removed: { id: number; territory_id: number }): void;
  /** Whether a client of this player is connected here. */
  hasPlayer(userId: string): boolean;
  sendNotice(userId: string, notice: NotificationDto): void;
  /** A message to these players' clients alone: their alliance changed, or its chat spoke. */
  sendToPlayers<T extends keyof ServerMessages>(userIds: readonly string[], type: T, message: ServerMessages[T]): void;
  /** To the clients that show the feed. */
  sendActivity(items: ActivityItem[]): void;
  /** A territory's description changed. */
  sendDetails(territoryId: number): void;
  /** The state was reloaded: the clients' other reads may be out of date too. */
  resynced(): void;
  /** Settles once the room has sent its next patch, and what else was waiting to run has run. */
  patched(): Promise<void>;
}

// Bytes one territory may take in a full encode beyond its strings: field indexes, numbers, the map key.
const TERRITORY_OVERHEAD_BYTES = 96;
const MIN_ENCODER_BUFFER = 16 * 1024;

/**
 * The schema encoder writes the whole state into one buffer, and re-encodes everything (with a
 * warning) when it is too small: size it from the territories a view holds at most, with room to spare.
 */
export function sizeEncoderFor(territories: readonly TerritoryDto[]): void {
  const text = (value: string | null) => Buffer.byteLength(value ?? '');
  const estimate = territories.reduce(
    (sum, t) =>
      sum + TERRITORY_OVERHEAD_BYTES + text(t.name) + text(t.owner_id) + text(t.owner_name) + text(t.type) * 2 + text(t.upgrade_tier),
    0,
  );
  const wanted = Math.ceil((2 * estimate) / 1024) * 1024;
  if (wanted > Encoder.BUFFER_SIZE) Encoder.BUFFER_SIZE = Math.max(MIN_ENCODER_BUFFER, wanted);
}

/** Shows a broadcast, or none (id 0, which the client shows as no broadcast). */
function showBroadcast(target: LiveBroadcast, broadcast: BroadcastDto | null): void {
  if (!broadcast) Object.assign(target, { id: 0, senderName: '', message: '', createdAt: '' });
  else
    Object.assign(target, {
      id: broadcast.id,
      senderName: broadcast.sender_name,
      message: broadcast.message,
      createdAt: broadcast.created_at,
    });
}

// A failed read is tried again after this long, then twice as long each time, up to the ceiling.
const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5000;

/**
 * Keeps a world room's state equal to what the database committed, for the territories its views
 * hold (world-views.ts). Events and the reads a view asks for are applied one after another in
 * outbox order, so a slow read can never land after a newer one. The room converges whatever
 * happens on the way: a number it did not see, an event it could not apply (the database was
 * unreachable) or the relay's word that events were pruned unread all lead to one reload of what
 * the views hold, retried until it succeeds; events already in that snapshot are then skipped.
 */
export class WorldSync {
  private queue: Promise<void> = Promise.resolve();
  /** The number of the last outbox event the state shows. */
  private shown = 0;
  /** Set while the state may be behind the database and a reload is due. */
  private stale = false;
  private retryMs = FIRST_RETRY_MS;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** The text of each territory the state does not carry, to tell clients when it changes. */
  private readonly descriptions = new Map<number, string>();
  private readonly recent: ActivityItem[] = [];
  /** The highest territory id the room knows of: one above it that appears is a new settlement. */
  private newest = 0;
  readonly views: WorldViews;
  /** How many times the room reloaded the world after it was created: for tests and the log. */
  resyncs = 0;

  private readonly state: WorldState;
  private readonly deps: Pick<WorldRoomDeps, 'sql' | 'clock' | 'log' | 'reach' | 'world'>;
  private readonly figures: PlayerFigures;
  private readonly room: RoomSide;

  constructor(
    state: WorldState,
    deps: Pick<WorldRoomDeps, 'sql' | 'clock' | 'log' | 'reach' | 'world'>,
    figures: PlayerFigures,
    room: RoomSide,
  ) {
    this.state = state;
    this.deps = deps;
    this.figures = figures;
    this.room = room;
    this.views = new WorldViews(state, (id) => this.descriptions.delete(id));
  }

  /** Fills the state; queued like an event, so events heard while it reads are applied after it. */
  load(): Promise<void> {
    return this.enqueue(() => this.readEverything());
  }

  /**
   * A client arrives at the home view, which the state already holds: a visitor's view is filled at
   * once, a player's waits for its own territories to be read.
   */
  async join(viewer: Viewer): Promise<void> {
    this.views.join(viewer, []);
    const { userId } = viewer;
    if (userId === null) return;
    await this.enqueue(async () => {
      if (viewer.gone) return;
      const own = await ownIds(this.deps.sql, userId);
      await this.hold(own);
      if (!viewer.gone) this.views.own(viewer, own);
      this.views.sweep(own);
    });
  }

  leave(viewer: Viewer): void {
    this.views.leave(viewer);
  }

  /**
   * The viewer's map now shows `box`: what its old box showed and this one does not leaves its view
   * at once, then its view takes in the rest VIEW_SLICE_MARKERS at a time, each slice sent in a patch
   * of its own before the next is read (view-pacer.ts), so a box of many markers never holds the
   * event loop for long. A newer look (`superseded`, or another call for the same viewer) ends the
   * slices of this one. Answers how many territories its view took in that it did not hold before:
   * what the room's pacing charges it.
   */
  async look(viewer: Viewer, box: BoundingBox, superseded: () => boolean = () => false): Promise<number> {
    const turn = ++viewer.looks;
    const over = () => viewer.gone || viewer.looks !== turn || superseded();
    let entering: number[] = [];
    let pulled = 0;
    for (let from = 0; from === 0 || from < entering.length; from += VIEW_SLICE_MARKERS) {
      if (from > 0) await this.room.patched();
      pulled += await this.enqueue(async () => {
        if (over()) return 0;
        if (from === 0) entering = this.views.refocus(viewer, box, (await this.deps.world.current()).contents(box));
        const slice = entering.slice(from, from + VIEW_SLICE_MARKERS);
        await this.hold(slice);
        const entered = over() ? 0 : this.views.enter(viewer, slice);
        this.views.sweep(slice);
        return entered;
      });
      if (over()) break;
    }
    return pulled;
  }

  /** The territory whose chat the viewer follows stays in its view. */
  watch(viewer: Viewer, territoryId: number | null): Promise<void> {
    return this.enqueue(async () => {
      if (viewer.gone) return;
      const ids = territoryId === null ? [] : [territoryId];
      await this.hold(ids);
      if (!viewer.gone) this.views.watch(viewer, territoryId);
      this.views.sweep(ids);
    });
  }

  /** One delivery of the outbox relay, in order. */
  deliver(event: Delivered, seq: number, origin?: EventOrigin): void {
    void this.enqueue(async () => {
      if (this.stopped) return;
      if (event.type === 'world.resync') return this.markStale(`the relay lost events up to #${seq}`);
      if (this.stale || seq <= this.shown) return;
      if (seq !== this.shown + 1) return this.markStale(`event #${seq} came after #${this.shown}`);
      try {
        await this.apply(event);
        this.shown = seq;
        if (origin) this.noteDelivery(event.type, origin);
      } catch (error) {
        this.markStale(`event #${seq} (${event.type}) could not be applied: ${(error as Error).message}`);
      }
    });
  }

  /** Shows these territories as stored, outside any event (a pin drag abandoned). */
  reread(territoryIds: number[]): void {
    void this.enqueue(async () => this.showChanged(await readTerritories(this.deps.sql, territoryIds), false)).catch((error: unknown) =>
      this.markStale(`territories ${territoryIds.join(', ')} could not be read: ${(error as Error).message}`),
    );
  }

  /** The latest activity, oldest first, for a client that switches the feed on. */
  backlog(): ActivityItem[] {
    return [...this.recent];
  }

  stop(): void {
    this.stopped = true;
    if (this.retry !== null) clearTimeout(this.retry);
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  /**
   * Measures the lag from commit to this room, and logs the delivery with the id of the request
   * that committed it, so a command can be followed from its HTTP request to every room it reached.
   */
  private noteDelivery(type: string, origin: EventOrigin): void {
    deliveryLagSeconds.observe({ event: type }, Math.max(0, this.deps.clock().getTime() - origin.committedAt.getTime()) / 1000);
    const note = () => this.deps.log.info(`Delivered ${type} to a world room`);
    if (origin.traceId) withRequestId(origin.traceId, note);
    else note();
  }

  private markStale(reason: string): void {
    if (this.stale || this.stopped) return;
    this.stale = true;
    this.deps.log.warn(`The world room reloads the world: ${reason}`);
    this.scheduleResync(0);
  }

  private scheduleResync(delayMs: number): void {
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.enqueue(() => this.resync());
    }, delayMs);
  }

  private async resync(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.readEverything();
      await this.figures.pushAll();
    } catch (error) {
      this.deps.log.warn(`The world room could not reload the world (${(error as Error).message}); trying again in ${this.retryMs} ms`);
      this.scheduleResync(this.retryMs);
      this.retryMs = Math.min(LAST_RETRY_MS, this.retryMs * 2);
      return;
    }
    this.stale = false;
    this.retryMs = FIRST_RETRY_MS;
    this.resyncs++;
    this.room.resynced();
  }

  /**
   * What the views hold, in one snapshot with the number of the last event it includes: read in one
   * repeatable-read transaction, so no commit can land between the number and the rows. The home
   * view's box is then read from the world index once it shows that event too, and the territories
   * it adds are read as they are now (a later event reads them again). However large the world,
   * that is the home view's territories and what clients look at.
   */
  private async readEverything(): Promise<void> {
    const { head, newest, territories, broadcasts, banner } = await inSnapshot(this.deps.sql, async (tx) => {
      const head = await outboxHead(tx);
      const newest = await newestTerritoryId(tx);
      const territories = await readTerritories(tx, [...this.views.held()]);
      const [broadcasts, banner] = [await recentBroadcasts(tx), await currentBanner(tx)];
      return { head, newest, territories, broadcasts, banner };
    });
    const home = (await this.deps.world.through(head)).contents(WHOLE_WORLD);
    const stored = new Set(territories.map((territory) => territory.id));
    const added = home.ids.filter((id) => !stored.has(id));
    const shown = [...territories, ...(added.length > 0 ? await readTerritories(this.deps.sql, added) : [])];
    sizeEncoderFor(shown);
    for (const id of [...this.views.held()]) if (!stored.has(id)) this.views.vanished(id);
    this.views.look(this.views.home, WHOLE_WORLD, home);
    this.showChanged(shown, false);
    this.newest = Math.max(newest, ...added);
    showBroadcast(this.state.broadcast, broadcasts[0] ?? null);
    this.room.showBanner(banner);
    this.shown = head;
  }

  /** Puts these territories in the state, reading those it does not hold yet; a view takes them next. */
  private async hold(ids: readonly number[]): Promise<void> {
    const missing = ids.filter((id) => !this.state.territories.has(String(id)));
    for (const dto of missing.length > 0 ? await readTerritories(this.deps.sql, missing) : []) this.show(dto, undefined, false);
  }

  /**
   * Territories as now stored: those the state holds are updated, the others enter it only if some
   * view now wants them (a new settlement in a box, a pin dropped into one, a purchase by a player
   * who is here); every view then takes them in or lets them go.
   */
  private showChanged(territories: readonly TerritoryDto[], asActivity: boolean): void {
    const activity: ActivityItem[] = [];
    for (const dto of territories) {
      const fields = liveFieldsOf(dto);
      const existing = this.state.territories.get(String(dto.id));
      // Of a territory the room does not hold it knows only whether it is new: what else changed in
      // it (a sale, a listing) is not told.
      const settled = !existing && dto.id > this.newest;
      this.newest = Math.max(this.newest, dto.id);
      if (asActivity && (existing || settled)) {
        const item = activityOfTerritory(existing?.toJSON() as LiveTerritoryFields | undefined, fields, this.deps.clock());
        if (item) activity.push(item);
      }
      if (!existing && !this.views.wanted(fields)) continue;
      this.show(dto, existing, asActivity);
      this.views.changed(fields);
    }
    if (activity.length > 0) this.tell(activity);
  }

  private async apply(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'territories.changed':
        this.showChanged(await readTerritories(this.deps.sql, event.territoryIds), true);
        return;
      case 'offers.changed':
      case 'auctions.changed':
        // Offers and auctions are no field of the live state: every page showing a territory's reads them again.
        for (const territoryId of event.territoryIds) this.room.sendDetails(territoryId);
        return;
      case 'territory.visited': {
        const shown = this.state.territories.get(String(event.territoryId));
        if (shown) shown.visits = Math.max(shown.visits, event.visits);
        return;
      }
      case 'balances.changed':
      case 'payments-due.changed':
        await this.figures.push(event.userIds);
        return;
      case 'alliance.changed':
        this.room.sendToPlayers(event.userIds, 'alliance', { allianceId: event.allianceId });
        return;
      case 'alliance-chat.posted':
        this.room.sendToPlayers(event.userIds, 'allianceChat', event.message);
        return;
      case 'alliance-chat.removed':
        this.room.sendToPlayers(event.userIds, 'allianceChatRemoved', { id: event.messageId, alliance_id: event.allianceId });
        return;
      case 'chat.posted':
        this.room.sendChat(event.message);
        return;
      case 'chat.removed':
        this.room.removeChat({ id: event.messageId, territory_id: event.territoryId });
        return;
      case 'broadcast.sent':
        showBroadcast(this.state.broadcast, event.broadcast);
        this.tell([activityOfBroadcast({ senderName: event.broadcast.sender_name, message: event.broadcast.message }, this.deps.clock())]);
        this.deps.reach.add(event.broadcast.id, this.room.viewers());
        return;
      case 'broadcast.removed':
        if (this.state.broadcast.id === event.broadcastId)
          showBroadcast(this.state.broadcast, (await recentBroadcasts(this.deps.sql))[0] ?? null);
        return;
      case 'notifications.created': {
        const ids = event.notices.filter((notice) => this.room.hasPlayer(notice.userId)).map((notice) => notice.id);
        for (const { userId, ...notice } of await readNotices(this.deps.sql, ids)) this.room.sendNotice(userId, notice);
        return;
      }
      case 'banner.changed':
        this.room.showBanner({ slot: event.slot, ad: event.ad });
        return;
      case 'sessions.ended':
        // The room closes those sockets as the event arrives, stale or not (see world-room.ts).
        return;
    }
  }

  private show(dto: TerritoryDto, existing: LiveTerritory | undefined, asActivity: boolean): void {
    const fields = liveFieldsOf(dto);
    if (existing) Object.assign(existing, fields);
    else this.state.territories.set(String(dto.id), new LiveTerritory(fields));
    const before = this.descriptions.get(dto.id);
    this.descriptions.set(dto.id, dto.description);
    if (asActivity && before !== undefined && before !== dto.description) this.room.sendDetails(dto.id);
  }

  private tell(items: ActivityItem[]): void {
    this.recent.push(...items);
    this.recent.splice(0, this.recent.length - ACTIVITY_BACKLOG);
    this.room.sendActivity(items);
  }
}
