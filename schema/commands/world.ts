import { z } from 'zod';
import {
  SpecialEventCreateBody,
  SpecialEventDto,
  SpecialEventPatchBody,
  TerritoryEventCreateBody,
  TerritoryEventDto,
  TerritoryEventPatchBody,
} from '../api/events.ts';
import { CreateTerritoryBody } from '../api/territories.ts';
import { TerritoryDto } from '../api/territory.ts';
import { wanakt } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// The Wanakt's writes on the shape of the world: new settlements and the events of the calendar
// (docs/rules.md §2, dashboard right sidebar).
export const CreateSettlement = declareCommand(
  z.object({ type: z.literal('settlement.create'), body: payload(CreateTerritoryBody) }),
  { ...wanakt, actingUserField: 'userId' },
  {
    method: 'post',
    path: '/admin/create-territory',
    scope: null,
    tag: 'Wanakt',
    summary: 'Found a settlement',
    ok: { status: 201, schema: TerritoryDto, description: 'The new territory' },
    errors: [404, 409],
  },
);

const eventId = TargetId('Event id');
const params = { id: pathId('eventId', 'Event id') };
export const CreateTerritoryEvent = declareCommand(
  z.object({ type: z.literal('territory-event.create'), body: payload(TerritoryEventCreateBody) }),
  wanakt,
  {
    method: 'post',
    path: '/events/territory',
    scope: null,
    tag: 'Wanakt',
    summary: 'Schedule a territory event',
    ok: { status: 201, schema: TerritoryEventDto, description: 'Created' },
    errors: [404],
  },
);
export const UpdateTerritoryEvent = declareCommand(
  z.object({ type: z.literal('territory-event.update'), eventId, body: payload(TerritoryEventPatchBody) }),
  wanakt,
  {
    method: 'patch',
    path: '/events/territory/:id',
    params,
    scope: null,
    tag: 'Wanakt',
    summary: 'Change a territory event',
    ok: { status: 200, schema: TerritoryEventDto, description: 'Changed' },
  },
);
export const DeleteTerritoryEvent = declareCommand(z.object({ type: z.literal('territory-event.delete'), eventId }), wanakt, {
  method: 'delete',
  path: '/events/territory/:id',
  params,
  scope: null,
  tag: 'Wanakt',
  summary: 'Delete a territory event',
  ok: { status: 204, description: 'Deleted' },
});
export const CreateSpecialEvent = declareCommand(
  z.object({ type: z.literal('special-event.create'), body: payload(SpecialEventCreateBody) }),
  wanakt,
  {
    method: 'post',
    path: '/events/special',
    scope: null,
    tag: 'Wanakt',
    summary: 'Create a special event',
    ok: { status: 201, schema: SpecialEventDto, description: 'Created' },
  },
);
export const UpdateSpecialEvent = declareCommand(
  z.object({ type: z.literal('special-event.update'), eventId, body: payload(SpecialEventPatchBody) }),
  wanakt,
  {
    method: 'patch',
    path: '/events/special/:id',
    params,
    scope: null,
    tag: 'Wanakt',
    summary: 'Change or end a special event',
    ok: { status: 200, schema: SpecialEventDto, description: 'Changed' },
  },
);

export const worldCommands = [
  CreateSettlement,
  CreateTerritoryEvent,
  UpdateTerritoryEvent,
  DeleteTerritoryEvent,
  CreateSpecialEvent,
  UpdateSpecialEvent,
] as const;
