import type { z } from 'zod';
import { badInput } from '../../errors.ts';

/** Parses a request body with a shared validator; the first problem becomes the 400 message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid request body');
  return parsed.data;
}
