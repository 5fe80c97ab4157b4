import { z } from 'zod';
import { SpecialEventCreateBody, SpecialEventPatchBody, TerritoryEventCreateBody, TerritoryEventPatchBody } from '../api/events.ts';
import { CreateTerritoryBody } from '../api/territories.ts';
import { payload, TargetId } from './ref.ts';

// The Wanakt's writes on the shape of the world: new settlements and the events of the calendar.
export const CreateSettlement = z.object({ type: z.literal('settlement.create'), body: payload(CreateTerritoryBody) });

const eventId = TargetId('Event id');
export const CreateTerritoryEvent = z.object({ type: z.literal('territory-event.create'), body: payload(TerritoryEventCreateBody) });
export const UpdateTerritoryEvent = z.object({ type: z.literal('territory-event.update'), eventId, body: payload(TerritoryEventPatchBody) });
export const DeleteTerritoryEvent = z.object({ type: z.literal('territory-event.delete'), eventId });
export const CreateSpecialEvent = z.object({ type: z.literal('special-event.create'), body: payload(SpecialEventCreateBody) });
export const UpdateSpecialEvent = z.object({ type: z.literal('special-event.update'), eventId, body: payload(SpecialEventPatchBody) });

export const worldCommands = [CreateSettlement, CreateTerritoryEvent, UpdateTerritoryEvent, DeleteTerritoryEvent, CreateSpecialEvent, UpdateSpecialEvent] as const;
