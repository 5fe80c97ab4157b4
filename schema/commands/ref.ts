import { z } from 'zod';
import { IdParam } from '../api/ids.ts';

/**
 * The id of what a command acts on. REST carries it in the path as text and the room as a number;
 * both are read with the path's rule so the messages are the same whichever way it came.
 */
export const TargetId = (what: string) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), IdParam(what));

/** A command's payload as sent: a missing body is an empty one, as for every REST call. */
export const payload = <S extends z.ZodType>(body: S) => z.preprocess((value) => value ?? {}, body);
