// The floor: a bare Colyseus room holding the same territories with the same fields as the world
// room, and nothing else: no database, no sessions, no private views, no domain events. A driver
// client changes it directly. What the world room costs beyond this is the game's own cost.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Room, Server } from '@colyseus/core';
import { schema, t, type SchemaType } from '@colyseus/schema';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { coordinatesOf } from '../../schema/rules/territory.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { liveFieldsOf } from '../../schema/state/territory-fields.ts';
import { LiveTerritory } from '../../schema/state/world-state.ts';
import { sizeEncoderFor } from '../../game-server/transport/rooms/world-sync.ts';
import { serveStats } from './server-stats.ts';

const FloorState = schema({ territories: t.map(LiveTerritory) }, 'FloorState');
type FloorState = SchemaType<typeof FloorState>;

export interface OwnerChange {
  territoryId: number;
  ownerId: string;
  ownerName: string;
}
export interface PinMove {
  territoryId: number;
  x: number;
  y: number;
}

/** When the floor applied each ownership change, keyed `${territoryId}:${ownerId}`: its server timestamp. */
const stamps = new Map<string, number>();
const now = () => performance.timeOrigin + performance.now();

class FloorRoom extends Room<{ state: FloorState }> {
  // Read from the world at each creation, so both rooms start a level from the same territories.
  async onCreate() {
    const territories = (await (await fetch(`${process.env.WORLD_URL}/api/territories`)).json()) as TerritoryDto[];
    sizeEncoderFor(territories);
    const state = new FloorState();
    for (const territory of territories) state.territories.set(String(territory.id), new LiveTerritory(liveFieldsOf(territory)));
    this.state = state;
    this.onMessage('owner', (_client, change: OwnerChange) => {
      const territory = state.territories.get(String(change.territoryId));
      if (!territory) return;
      territory.ownerId = change.ownerId;
      territory.ownerName = change.ownerName;
      territory.forSale = false;
      territory.price = 0;
      stamps.set(`${change.territoryId}:${change.ownerId}`, now());
    });
    this.onMessage('drag', (_client, move: PinMove) => {
      const territory = state.territories.get(String(move.territoryId));
      if (!territory) return;
      const { latitude, longitude } = coordinatesOf(move.x, move.y);
      territory.latitude = latitude;
      territory.longitude = longitude;
    });
  }
}

const httpServer = createServer();
const colyseus = new Server({ transport: new WebSocketTransport({ server: httpServer }), gracefullyShutdown: false, greet: false });
colyseus.define('floor', FloorRoom);
await colyseus.listen(0, '127.0.0.1');
const { port } = httpServer.address() as AddressInfo;
serveStats(
  `http://127.0.0.1:${port}`,
  () => colyseus.gracefullyShutdown(false),
  () => Object.fromEntries(stamps),
);
