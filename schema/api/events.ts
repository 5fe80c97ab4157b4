import { z } from 'zod';
import { SPECIAL_EVENT_TYPES } from '../constants.ts';
import { requiredText } from './auth.ts';
import { IdField } from './ids.ts';

export const SPECIAL_EVENT_ICONS = ['trending-up', 'zap', 'crown', 'gift', 'star', 'calendar'] as const;
export type SpecialEventIcon = (typeof SPECIAL_EVENT_ICONS)[number];
// docs/rules.md §3 "Event": the colours the event cards are styled in.
export const SPECIAL_EVENT_COLORS = ['green', 'blue', 'yellow', 'purple'] as const;
export type SpecialEventColor = (typeof SPECIAL_EVENT_COLORS)[number];
export const MIN_BONUS_MULTIPLIER = 0.1;
export const MAX_BONUS_MULTIPLIER = 10;

/** docs/rules.md §4 "Event": running now, not started yet, or over (ended by time or by the Wanakt). */
export const SPECIAL_EVENT_STATES = ['active', 'upcoming', 'ended'] as const;
export type SpecialEventState = (typeof SPECIAL_EVENT_STATES)[number];

/** A territory's event (docs/rules.md §3 "Event"): live now, or scheduled. */
export const TerritoryEventDto = z
  .object({
    id: z.number().int(),
    territory_id: z.number().int(),
    territory_name: z.string(),
    name: z.string(),
    is_live: z.boolean(),
    scheduled_at: z.string(),
  })
  .meta({ id: 'TerritoryEvent' });
export type TerritoryEventDto = z.infer<typeof TerritoryEventDto>;

export const SpecialEventDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    icon: z.enum(SPECIAL_EVENT_ICONS),
    color: z.enum(SPECIAL_EVENT_COLORS),
    bonus_multiplier: z.number(),
    event_type: z.enum(SPECIAL_EVENT_TYPES),
    start_date: z.string(),
    end_date: z.string(),
    is_active: z.boolean(),
    state: z.enum(SPECIAL_EVENT_STATES),
    /** Whole seconds until the end of an active event (the countdown); null otherwise. */
    seconds_remaining: z.number().int().nullable(),
  })
  .meta({ id: 'SpecialEvent' });
export type SpecialEventDto = z.infer<typeof SpecialEventDto>;

/** GET /api/events/active: what is happening right now. */
export const ActiveEventsDto = z
  .object({ territory_events: z.array(TerritoryEventDto), special_events: z.array(SpecialEventDto) })
  .meta({ id: 'ActiveEvents' });
export type ActiveEventsDto = z.infer<typeof ActiveEventsDto>;

export function specialEventState(event: { is_active: boolean; start_date: Date; end_date: Date }, now: Date): SpecialEventState {
  if (!event.is_active || event.end_date.getTime() <= now.getTime()) return 'ended';
  return event.start_date.getTime() > now.getTime() ? 'upcoming' : 'active';
}

const moment = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time such as 2026-07-01T18:00:00Z` })
    .transform((value) => new Date(value));

const eventName = requiredText('Event name is required', 100);

export const TerritoryEventCreateBody = z.object({
  territory_id: IdField('Territory id'),
  name: eventName,
  scheduled_at: moment('Scheduled time'),
  is_live: z.boolean({ error: 'is_live must be true or false' }).optional(),
});
export type TerritoryEventCreateBody = z.infer<typeof TerritoryEventCreateBody>;

const NOTHING_TO_CHANGE = 'Nothing to change';
const changesSomething = (body: object) => Object.values(body).some((value) => value !== undefined);

export const TerritoryEventPatchBody = z
  .object({
    name: eventName.optional(),
    scheduled_at: moment('Scheduled time').optional(),
    is_live: z.boolean({ error: 'is_live must be true or false' }).optional(),
  })
  .refine(changesSomething, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 });
export type TerritoryEventPatchBody = z.infer<typeof TerritoryEventPatchBody>;

const specialEventFields = {
  name: eventName,
  description: requiredText('Event description is required', 500),
  icon: z.enum(SPECIAL_EVENT_ICONS, { error: `Icon must be one of ${SPECIAL_EVENT_ICONS.join(', ')}` }),
  color: z.enum(SPECIAL_EVENT_COLORS, { error: `Color must be one of ${SPECIAL_EVENT_COLORS.join(', ')}` }),
  bonus_multiplier: z
    .number({ error: 'Bonus multiplier must be a number' })
    .min(MIN_BONUS_MULTIPLIER, { error: `Bonus multiplier must be between ${MIN_BONUS_MULTIPLIER} and ${MAX_BONUS_MULTIPLIER}` })
    .max(MAX_BONUS_MULTIPLIER, { error: `Bonus multiplier must be between ${MIN_BONUS_MULTIPLIER} and ${MAX_BONUS_MULTIPLIER}` }),
  event_type: z.enum(SPECIAL_EVENT_TYPES, { error: `Event type must be one of ${SPECIAL_EVENT_TYPES.join(', ')}` }),
  start_date: moment('Start date'),
  end_date: moment('End date'),
};

export const END_BEFORE_START = 'End date must be after start date';

export const SpecialEventCreateBody = z
  .object(specialEventFields)
  .refine((event) => event.end_date.getTime() > event.start_date.getTime(), {
    error: END_BEFORE_START,
    // Only once both dates are valid: zod runs object checks even after a field has failed.
    when: (payload) => payload.issues.length === 0,
  })
  .meta({
    description: 'end_date must be after start_date',
    example: {
      name: 'Harvest festival',
      description: 'Double revenue across the realm',
      icon: SPECIAL_EVENT_ICONS[0],
      color: SPECIAL_EVENT_COLORS[0],
      bonus_multiplier: MAX_BONUS_MULTIPLIER,
      event_type: SPECIAL_EVENT_TYPES[0],
      start_date: '2030-01-01T00:00:00.000Z',
      end_date: '2030-01-08T00:00:00.000Z',
    },
  });
export type SpecialEventCreateBody = z.infer<typeof SpecialEventCreateBody>;

/** `is_active: false` ends the event now; dates are checked against the stored ones by the service. */
export const SpecialEventPatchBody = z
  .object({
    ...z.object(specialEventFields).partial().shape,
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  })
  .refine(changesSomething, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 });
export type SpecialEventPatchBody = z.infer<typeof SpecialEventPatchBody>;
