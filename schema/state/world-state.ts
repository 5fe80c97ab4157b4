import { schema, t, type SchemaType } from '@colyseus/schema';

// The live world the `world` room keeps in step on every client (docs/design.md "Live state"). Only the
// fields that change while people watch travel here; descriptions, revenue and history stay in REST.
// What is private to a player travels as a direct message (ServerMessages['figures']), not in here,
// and so does the banner, which depends on where each client looks (ServerMessages['banner']).

/** One territory's live fields. The map key is the territory id as text. */
export const LiveTerritory = schema(
  {
    id: t.number().default(0),
    name: t.string().default(''),
    type: t.string().default(''),
    tier: t.string().default(''),
    /** Empty while nobody owns it. */
    ownerId: t.string().default(''),
    ownerName: t.string().default(''),
    // float64, not number: a number with decimals may travel as float32, and the live pin would
    // then sit a little off where it is stored.
    latitude: t.float64().default(0),
    longitude: t.float64().default(0),
    forSale: t.boolean().default(false),
    /** The asking price while for sale; 0 otherwise. */
    price: t.number().default(0),
    upgradeTier: t.string().default('standard'),
    visits: t.number().default(0),
  },
  'LiveTerritory',
);
export type LiveTerritory = SchemaType<typeof LiveTerritory>;

/** The latest global broadcast; id 0 until the first one is sent. */
export const LiveBroadcast = schema(
  {
    id: t.number().default(0),
    senderName: t.string().default(''),
    message: t.string().default(''),
    createdAt: t.string().default(''),
  },
  'LiveBroadcast',
);
export type LiveBroadcast = SchemaType<typeof LiveBroadcast>;

export const WorldState = schema(
  {
    /**
     * Only the territories a client looks at, owns or watches travel to it: each client has its own
     * view of this map (game-server/transport/rooms/world-views.ts), and the room holds only what
     * some view needs (docs/design.md "Live state").
     */
    territories: t.map(LiveTerritory).view(),
    broadcast: t.ref(LiveBroadcast),
    /** Clients connected to the world, in every process. */
    online: t.number().default(0),
  },
  'WorldState',
);
export type WorldState = SchemaType<typeof WorldState>;
