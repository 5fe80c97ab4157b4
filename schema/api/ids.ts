import { z } from 'zod';

// Ids as the database makes them: territory, payment, ad and event ids are int4 identities.
const MAX_ID = 2_147_483_647;

/** A numeric id in a JSON body. */
export const IdField = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int({ error: `${what} must be a whole number` })
    .positive({ error: `${what} must be a positive whole number` })
    .max(MAX_ID, { error: `${what} is out of range` });

/** A numeric id in a URL path. */
export const IdParam = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .regex(/^[1-9][0-9]{0,9}$/, { error: `${what} must be a positive whole number` })
    .transform(Number)
    .pipe(z.number().max(MAX_ID, { error: `${what} is out of range` }));

export const TerritoryId = IdParam('Territory id');

/** A user id in a payload, before it is compared with the session's. */
export const UserIdField = z
  .string({ error: 'User id must be text' })
  .min(1, { error: 'User id is required' })
  .max(100, { error: 'User id is too long' });

/** A user id naming someone else (a recipient): a UUID, or a seeded account's fixed id. */
export const UserId = z
  .string({ error: 'Please name a user' })
  .trim()
  .min(1, { error: 'Please name a user' })
  .max(100, { error: 'Unknown user id' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'Unknown user id' });
