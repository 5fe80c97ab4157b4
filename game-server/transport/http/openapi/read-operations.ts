import { readLimitsOf, type ReadEntry } from '../../../../schema/reads/registry.ts';
import { READS } from '../../../../schema/reads/index.ts';
import { documentedPathLimit } from '../command-limits.ts';
import { READ_LIMITS } from '../reads/read-limits.ts';
import type { Operation } from './operation.ts';

/** A read as the document and key authorisation see it, read from its declaration (schema/reads/registry.ts). */
export function readOperation(read: ReadEntry): Operation {
  const rateLimit = [...readLimitsOf(read).map((name) => READ_LIMITS[name].documented), documentedPathLimit(read.path)]
    .filter(Boolean)
    .join('; ');
  const description = [read.description, read.cache?.server].filter(Boolean).join(' ');
  return {
    method: 'get',
    path: read.path,
    tag: read.tag,
    summary: read.summary,
    ...(description && { description }),
    access: read.access,
    scope: read.scope,
    ...(read.params && { params: read.params }),
    ...(read.query && { query: read.query }),
    ok: { status: 200, schema: read.answer, description: read.answered, ...(read.headers && { headers: read.headers }) },
    ...(read.errors && { errors: read.errors }),
    ...(rateLimit && { rateLimit }),
  };
}

export const READ_OPERATIONS: readonly Operation[] = (READS as readonly ReadEntry[]).map(readOperation);
