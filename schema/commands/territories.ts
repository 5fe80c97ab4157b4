import { z } from 'zod';
import {
  AssignBody,
  DescriptionBody,
  ListingBody,
  PositionBody,
  PurchaseBody,
  RenameBody,
  RentBody,
  UpgradeBody,
} from '../api/territories.ts';
import { StarterClaimBody } from '../api/first-steps.ts';
import { payload, TargetId } from './ref.ts';

// The writes on one territory (docs/rules.md §7 /api/territories/{id}/...), each naming its territory.
const territoryId = TargetId('Territory id');
const onTerritory = <T extends string, S extends z.ZodType>(type: T, body: S) =>
  z.object({ type: z.literal(type), territoryId, body: payload(body) });

export const PurchaseTerritory = onTerritory('territory.purchase', PurchaseBody);
export const UpgradeTerritory = onTerritory('territory.upgrade', UpgradeBody);
export const DescribeTerritory = onTerritory('territory.describe', DescriptionBody);
export const RenameTerritory = onTerritory('territory.rename', RenameBody);
/** Lists the territory at a price, or withdraws the listing (a null price). */
export const ListTerritory = onTerritory('territory.list', ListingBody);
export const MoveTerritoryPin = onTerritory('territory.move-pin', PositionBody);
export const SetTerritoryRent = onTerritory('territory.set-rent', RentBody);
export const AssignTerritory = onTerritory('territory.assign', AssignBody);
export const VisitTerritory = z.object({ type: z.literal('territory.visit'), territoryId });
/** A newcomer's one starter claim (schema/rules/first-steps.ts): a purchase at the starter price. */
export const ClaimStarterTerritory = z.object({ type: z.literal('territory.claim-starter'), body: payload(StarterClaimBody) });

export const territoryCommands = [
  PurchaseTerritory,
  UpgradeTerritory,
  DescribeTerritory,
  RenameTerritory,
  ListTerritory,
  MoveTerritoryPin,
  SetTerritoryRent,
  AssignTerritory,
  VisitTerritory,
  ClaimStarterTerritory,
] as const;
