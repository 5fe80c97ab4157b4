import { Encoder } from '@colyseus/schema';
import type { AdDto } from '../../schema/api/ads.ts';
import type { BroadcastDto } from '../../schema/api/broadcasts.ts';
import type { ChatMessageDto } from '../../schema/api/chat.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { liveFieldsOf } from '../../schema/state/territory-fields.ts';
import { LiveTerritory, type LiveBanner, type LiveBroadcast, type WorldState } from '../../schema/state/world-state.ts';
import { currentBanner, recordBannerImpressions } from '../ads/banner-rotation.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import type { Logger } from '../logger.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { recentBroadcasts, recordBroadcastReach } from '../social/broadcasts.ts';
import { listTerritories, readTerritories } from '../world/territories.ts';
import type { PrivateAccounts } from './private-accounts.ts';

export interface WorldRoomDeps extends ServiceDeps {
  log: Logger;
}

/** What the sync needs from the room around it. */
export interface RoomSide {
  /** How many clients are connected here: the reach of a broadcast, the viewers of a banner. */
  viewers(): number;
  sendChat(message: ChatMessageDto): void;
}

// Bytes one territory may take in a full encode beyond its strings: field indexes, numbers, the map key.
const TERRITORY_OVERHEAD_BYTES = 96;
const MIN_ENCODER_BUFFER = 16 * 1024;

/**
 * The schema encoder writes the whole state into one buffer, and re-encodes everything (with a
 * warning) when it is too small: size it from the territories, with room to spare.
 */
export function sizeEncoderFor(territories: readonly TerritoryDto[]): void {
  const text = (value: string | null) => Buffer.byteLength(value ?? '');
  const estimate = territories.reduce(
    (sum, t) => sum + TERRITORY_OVERHEAD_BYTES + text(t.name) + text(t.owner_id) + text(t.owner_name) + text(t.type) * 2 + text(t.upgrade_tier),
    0,
  );
  const wanted = Math.ceil((2 * estimate) / 1024) * 1024;
  if (wanted > Encoder.BUFFER_SIZE) Encoder.BUFFER_SIZE = Math.max(MIN_ENCODER_BUFFER, wanted);
}

function showBanner(banner: LiveBanner, ad: AdDto | null): void {
  // A schema field set to the value it holds marks no change, so whole records can be assigned.
  Object.assign(banner, {
    id: ad?.id ?? 0,
    title: ad?.title ?? '',
    content: ad?.content ?? '',
    clickUrl: ad?.click_url ?? '',
    territoryId: ad?.territory_id ?? 0,
  });
}

function showBroadcast(target: LiveBroadcast, broadcast: BroadcastDto): void {
  Object.assign(target, { id: broadcast.id, senderName: broadcast.sender_name, message: broadcast.message, createdAt: broadcast.created_at });
}

/**
 * Keeps a world room's state equal to what the database committed. Domain events are applied one
 * after another, in the order they arrived, so a slow read can never land after a newer one.
 */
export class WorldSync {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly state: WorldState,
    private readonly deps: WorldRoomDeps,
    private readonly accounts: PrivateAccounts,
    private readonly room: RoomSide,
  ) {}

  /** Fills the state; queued like an event, so events heard while it reads are applied after it. */
  load(): Promise<void> {
    return this.enqueue(async () => {
      const [territories, broadcasts, banner] = await Promise.all([
        listTerritories(this.deps.sql),
        recentBroadcasts(this.deps.sql),
        currentBanner(this.deps.sql),
      ]);
      sizeEncoderFor(territories);
      this.showTerritories(territories);
      if (broadcasts[0]) showBroadcast(this.state.broadcast, broadcasts[0]);
      showBanner(this.state.banner, banner);
    });
  }

  handle(event: DomainEvent): void {
    void this.enqueue(() => this.apply(event)).catch((error: unknown) => this.deps.log.error(`The world room could not apply ${event.type}`, error));
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async apply(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'territories.changed':
        this.showTerritories(await readTerritories(this.deps.sql, event.territoryIds));
        return;
      case 'balances.changed':
      case 'payments-due.changed':
        await this.accounts.refresh(event.userIds);
        return;
      case 'chat.posted':
        this.room.sendChat(event.message);
        return;
      case 'broadcast.sent':
        showBroadcast(this.state.broadcast, event.broadcast);
        await recordBroadcastReach(this.deps.sql, event.broadcast.id, this.room.viewers());
        return;
      case 'banner.changed':
        showBanner(this.state.banner, event.ad);
        if (event.ad) await recordBannerImpressions(this.deps.sql, event.ad.id, this.room.viewers());
        return;
    }
  }

  private showTerritories(territories: readonly TerritoryDto[]): void {
    for (const dto of territories) {
      const fields = liveFieldsOf(dto);
      const key = String(dto.id);
      const existing = this.state.territories.get(key);
      if (existing) Object.assign(existing, fields);
      else this.state.territories.set(key, new LiveTerritory(fields));
    }
  }
}
