import { z } from 'zod';
import { requiredText } from './auth.ts';
import { hasAnyControl } from '../rules/control-characters.ts';

/**
 * What a key may do. `read`: every public read and the owner's own reads. `ads`: buy ads and
 * banners and read their delivery. `payments`: DRK packages, broadcasts, rent. `trade`: buy, list,
 * upgrade and edit territories, collectibles. No scope reaches the Wanakt's powers or the keys.
 */
export const API_KEY_SCOPES = ['read', 'ads', 'payments', 'trade', 'alliance'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'wk_';
/** How many characters of the key the owner sees again after creation. */
export const API_KEY_SHOWN_CHARACTERS = 11;
export const MAX_API_KEYS_PER_USER = 20;
/** Each key's own budget, whatever process answers: this many requests per window of seconds. */
export const API_KEY_RATE_LIMIT = { requests: 600, seconds: 60 } as const;

const SCOPES_INVALID = `Choose at least one scope: ${API_KEY_SCOPES.join(', ')}`;

export const CreateApiKeyBody = z.object({
  name: requiredText('Please name the key', 60).refine((name) => !hasAnyControl(name), {
    error: 'A key name is one line without control characters',
  }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: SCOPES_INVALID }), { error: SCOPES_INVALID })
    .min(1, { error: SCOPES_INVALID })
    .max(API_KEY_SCOPES.length, { error: SCOPES_INVALID })
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKeyDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    /** The first characters of the key, e.g. `wk_3fZ8qLx`. */
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyDto = z.infer<typeof ApiKeyDto>;

/** The answer of creating a key: the only time its secret is shown. */
export const CreatedApiKeyDto = ApiKeyDto.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyDto = z.infer<typeof CreatedApiKeyDto>;
