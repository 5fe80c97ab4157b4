import type { SpecialEventType } from '../../../schema/constants.ts';

export type SpecialEventIcon = 'trending-up' | 'zap' | 'crown' | 'gift' | 'star' | 'calendar';
export type SpecialEventColor = 'green' | 'blue' | 'yellow' | 'purple';

export interface SeedSpecialEvent {
  key: string;
  name: string;
  description: string;
  icon: SpecialEventIcon;
  color: SpecialEventColor;
  bonusMultiplier: number;
  eventType: SpecialEventType;
  startOffsetDays: number;
  endOffsetDays: number;
}

// Offsets are relative to the moment of seeding, so a fresh seed always has one running, some upcoming and one finished event.
export const SPECIAL_EVENTS: readonly SeedSpecialEvent[] = [
  {
    key: 'golden-harvest',
    name: 'Golden Harvest Festival',
    icon: 'trending-up',
    color: 'green',
    bonusMultiplier: 1.5,
    eventType: 'revenue',
    startOffsetDays: -2,
    endOffsetDays: 5,
    description: 'Markets overflow across the realm: every territory earns 50% more revenue while the festival lasts.',
  },
  {
    key: 'builders-week',
    name: "Builders' Week",
    icon: 'zap',
    color: 'blue',
    bonusMultiplier: 1.25,
    eventType: 'upgrade_discount',
    startOffsetDays: 7,
    endOffsetDays: 14,
    description: 'The guild of masons offers its services cheaply: palace upgrades cost 25% less for one week.',
  },
  {
    key: 'tenants-grace',
    name: "Tenants' Grace",
    icon: 'gift',
    color: 'yellow',
    bonusMultiplier: 1.2,
    eventType: 'rent_discount',
    startOffsetDays: 16,
    endOffsetDays: 21,
    description: 'By decree of the Wanakt, rent owed to overlords is reduced by 20% for the duration of the grace.',
  },
  {
    key: 'coronation-jubilee',
    name: 'Coronation Jubilee',
    icon: 'crown',
    color: 'purple',
    bonusMultiplier: 2,
    eventType: 'revenue',
    startOffsetDays: 28,
    endOffsetDays: 31,
    description: "Three days of feasting for the Wanakt's coronation anniversary, doubling revenue across the world.",
  },
  {
    key: 'spring-fair',
    name: 'Spring Trade Fair',
    icon: 'star',
    color: 'green',
    bonusMultiplier: 1.3,
    eventType: 'revenue',
    startOffsetDays: -20,
    endOffsetDays: -13,
    description: 'Merchants from every chain gathered to trade, lifting revenue by 30% for a week.',
  },
];

export interface SeedTerritoryEvent {
  key: string;
  territoryKey: string;
  name: string;
  isLive: boolean;
  scheduledOffsetHours: number;
}

export const TERRITORY_EVENTS: readonly SeedTerritoryEvent[] = [
  {
    key: 'great-wall-lantern-night',
    territoryKey: 'wonder:great-wall',
    name: 'Lantern Night on the Great Wall',
    isLive: true,
    scheduledOffsetHours: -2,
  },
  { key: 'new-york-harbour-parade', territoryKey: 'main:new-york', name: 'Harbour Lights Parade', isLive: true, scheduledOffsetHours: -1 },
  { key: 'petra-by-night', territoryKey: 'wonder:petra', name: 'Petra by Candlelight', isLive: false, scheduledOffsetHours: 30 },
  {
    key: 'panama-canal-regatta',
    territoryKey: 'main:panama-city',
    name: 'Canal Crossing Regatta',
    isLive: false,
    scheduledOffsetHours: 72,
  },
  {
    key: 'machu-picchu-inti-raymi',
    territoryKey: 'wonder:machu-picchu',
    name: 'Festival of the Sun',
    isLive: false,
    scheduledOffsetHours: 96,
  },
  { key: 'tokyo-hanami', territoryKey: 'main:tokyo', name: 'Cherry Blossom Viewing', isLive: false, scheduledOffsetHours: 140 },
  { key: 'london-thames-festival', territoryKey: 'main:london', name: 'Thames River Festival', isLive: false, scheduledOffsetHours: 200 },
  { key: 'sao-paulo-carnival', territoryKey: 'main:sao-paulo', name: 'Street Carnival', isLive: false, scheduledOffsetHours: 260 },
  {
    key: 'giza-sound-and-light',
    territoryKey: 'wonder:pyramids-of-giza',
    name: 'Sound and Light Show',
    isLive: false,
    scheduledOffsetHours: 320,
  },
];
