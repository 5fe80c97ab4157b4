import { z } from 'zod';
import { TERRITORY_TYPES, UPGRADE_TIERS } from '../constants.ts';
import { CollectibleDto } from './collectibles.ts';
import { OwnershipChangeDto } from './territories.ts';

/** The trades a profile shows, newest first. */
export const PROFILE_TRADES = 10;

/** A username as it appears in /api/players/{username}: the users table allows 1 to 32 characters. */
export const ProfileUsernameParam = z
  .string({ error: 'A username is required' })
  .trim()
  .min(1, { error: 'A username is required' })
  .max(32, { error: 'A username has at most 32 characters' });

const ProfileTerritory = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(TERRITORY_TYPES),
    latitude: z.string(),
    longitude: z.string(),
    /** docs/rules.md §3 carries it as a string. */
    monthly_revenue: z.string(),
    upgrade_tier: z.enum(UPGRADE_TIERS),
    /** The overlord territory this one is a vassal of, and who holds it; null at the top of the chain. */
    lord: z.object({ id: z.number().int(), name: z.string(), owner_name: z.string().nullable() }).nullable(),
    /** How many territories owe this one fealty, and the other players who hold them. */
    vassal_count: z.number().int(),
    vassal_owners: z.array(z.string()),
  })
  .meta({ id: 'ProfileTerritory' });
export type ProfileTerritoryDto = z.infer<typeof ProfileTerritory>;

export const ProfileTrade = OwnershipChangeDto.extend({ territory_id: z.number().int(), territory_name: z.string() }).meta({
  id: 'ProfileTrade',
});
export type ProfileTradeDto = z.infer<typeof ProfileTrade>;

/** A player's public profile: nothing in it is private (no e-mail, balance, sessions or keys). */
export const PlayerProfileDto = z
  .object({
    id: z.string(),
    username: z.string(),
    is_wanakt: z.boolean(),
    joined_at: z.string(),
    /** docs/rules.md §4's ownership tier by territory count (Single Owner ... Empire Builder), if any. */
    ownership_tier: z.string().nullable(),
    territories: z.array(ProfileTerritory),
    /** The other players whose territories this player's are vassals of, and those who are its vassals. */
    vassal_of: z.array(z.string()),
    vassals: z.array(z.string()),
    earnings: z.object({
      /** Monthly earnings by schema/rules/figures.ts: what the earnings job mints to the player for a month. */
      monthly_earnings: z.number(),
      /** DRK paid out as monthly earnings over the last 30 days. */
      earned_30d: z.number(),
      /** DRK of rent and tribute received from vassals over the last 30 days. */
      tribute_30d: z.number(),
    }),
    collectibles: z.array(CollectibleDto),
    trades: z.array(ProfileTrade),
  })
  .meta({ id: 'PlayerProfile' });
export type PlayerProfileDto = z.infer<typeof PlayerProfileDto>;
