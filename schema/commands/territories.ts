import { z } from 'zod';
import {
  AssignBody,
  DescriptionBody,
  GiftBody,
  ListingBody,
  MessageDto,
  PositionBody,
  PositionSavedDto,
  PurchaseBody,
  RenameBody,
  RentBody,
  TerritoryEditedDto,
  UpgradeBody,
  UpgradedDto,
  VisitDto,
} from '../api/territories.ts';
import { StarterClaimBody } from '../api/first-steps.ts';
import { owner, ownerOrWanakt, player, visitor, wanakt } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// The writes on one territory (docs/rules.md §7 /api/territories/{id}/...), each naming its territory.
const territoryId = TargetId('Territory id');
const onTerritory = <T extends string, S extends z.ZodType>(type: T, body: S) =>
  z.object({ type: z.literal(type), territoryId, body: payload(body) });
const params = { id: pathId('territoryId', 'Territory id') };

export const PurchaseTerritory = declareCommand(
  onTerritory('territory.purchase', PurchaseBody),
  player('Please log in to purchase territories', 'userId'),
  {
    method: 'post',
    path: '/territories/:id/purchase',
    params,
    scope: 'trade',
    tag: 'Trade',
    summary: 'Buy a territory with DRK',
    ok: { status: 200, schema: MessageDto, description: 'Bought' },
    errors: [409],
  },
);
export const UpgradeTerritory = declareCommand(onTerritory('territory.upgrade', UpgradeBody), owner, {
  method: 'post',
  path: '/territories/:id/upgrade',
  params,
  scope: 'trade',
  tag: 'Trade',
  summary: 'Upgrade your territory',
  ok: { status: 200, schema: UpgradedDto, description: 'Upgraded' },
  errors: [409],
});
export const DescribeTerritory = declareCommand(onTerritory('territory.describe', DescriptionBody), owner, {
  method: 'patch',
  path: '/territories/:id/description',
  params,
  scope: 'trade',
  tag: 'Trade',
  summary: "Set your territory's description",
  ok: { status: 200, schema: TerritoryEditedDto, description: 'Saved' },
});
/** Lists the territory at a price, or withdraws the listing (a null price). */
export const ListTerritory = declareCommand(onTerritory('territory.list', ListingBody), owner, {
  method: 'patch',
  path: '/territories/:id/listing',
  params,
  scope: 'trade',
  tag: 'Trade',
  summary: 'List your territory for sale, or withdraw it (null)',
  ok: { status: 200, schema: MessageDto, description: 'Saved' },
  errors: [409],
});
// The owner names its territory; the Wanakt may rename any, as it keeps the map tidy (policy.ts mayActAsOwner).
export const RenameTerritory = declareCommand(onTerritory('territory.rename', RenameBody), ownerOrWanakt, {
  method: 'patch',
  path: '/territories/:id',
  params,
  scope: 'trade',
  tag: 'Trade',
  summary: 'Rename your territory',
  ok: { status: 200, schema: TerritoryEditedDto, description: 'Saved' },
  errors: [409],
});
export const MoveTerritoryPin = declareCommand(
  onTerritory('territory.move-pin', PositionBody),
  { ...wanakt, actingUserField: 'userId' },
  {
    method: 'patch',
    path: '/territories/:id/position',
    params,
    scope: null,
    tag: 'Wanakt',
    summary: "Move a territory's pin",
    ok: { status: 200, schema: PositionSavedDto, description: 'Saved' },
  },
);
export const SetTerritoryRent = declareCommand(
  onTerritory('territory.set-rent', RentBody),
  { ...wanakt, actingUserField: 'userId' },
  {
    method: 'patch',
    path: '/territories/:id/rent',
    params,
    scope: null,
    tag: 'Wanakt',
    summary: "Set a territory's rent (null: the rule's default)",
    ok: { status: 200, schema: MessageDto, description: 'Saved' },
  },
);
// docs/rules.md §7 names the recipient `userId` here; the acting user is the session's Wanakt.
export const AssignTerritory = declareCommand(onTerritory('territory.assign', AssignBody), wanakt, {
  method: 'post',
  path: '/territories/:id/assign',
  params,
  scope: null,
  tag: 'Wanakt',
  summary: 'Give a territory to a player',
  ok: { status: 200, schema: MessageDto, description: 'Assigned' },
  errors: [409],
});
// A visit is what the ads aimed at a territory pay for: visitors need no account.
export const VisitTerritory = declareCommand(z.object({ type: z.literal('territory.visit'), territoryId }), visitor, {
  method: 'post',
  path: '/territories/:id/visit',
  params,
  scope: 'read',
  tag: 'Territories',
  summary: 'Record a visit; answers the ad shown to the visitor, if any',
  ok: { status: 200, schema: VisitDto, description: 'Visits and the ad' },
  limit: 'visit',
});

export const GiftTerritory = declareCommand(onTerritory('territory.gift', GiftBody), owner, {
  method: 'post',
  path: '/territories/:id/gift',
  params,
  scope: 'trade',
  tag: 'Trade',
  summary: 'Give your territory to another player',
  description: "Free of charge: no DRK moves, the listing is withdrawn, and the recipient is told. `to` is the recipient's username.",
  ok: { status: 200, schema: MessageDto, description: 'Given' },
  errors: [404, 409],
});

/** A newcomer's one starter claim (schema/rules/first-steps.ts): a purchase at the starter price. */
export const ClaimStarterTerritory = declareCommand(
  z.object({ type: z.literal('territory.claim-starter'), body: payload(StarterClaimBody) }),
  player(),
  {
    method: 'post',
    path: '/first-steps/claim',
    scope: null,
    tag: 'First steps',
    summary: 'Claim a first territory at the starter price, once',
    ok: { status: 200, schema: MessageDto, description: 'Claimed' },
    errors: [404, 409],
  },
);

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
  GiftTerritory,
  ClaimStarterTerritory,
] as const;
