import { describe, expect, it } from 'vitest';
import { GameError } from '../../errors.ts';
import { asUnavailable, BUSY, DATABASE_UNAVAILABLE } from './unavailable.ts';

// docs/write-path.md: a database failure is a 503 the caller may retry, and its message says which
// of the two it is: the database away, or the database there and the game busy.
const failure = (code: string) => Object.assign(new Error(code), { code });

describe('what a database failure tells the caller', () => {
  it.each(['55P03', '57014', '25P03'])(
    'when a lock wait or a statement ran out of time (%s), then 503 "busy", not "cannot reach"',
    (code) => {
      expect(asUnavailable(failure(code))).toEqual(new GameError(503, BUSY, 1));
    },
  );

  it.each(['CONNECTION_CLOSED', 'ECONNREFUSED', '57P01', '08006', '53300'])(
    'when the connection failed or was refused (%s), then 503 "cannot reach its database"',
    (code) => {
      expect(asUnavailable(failure(code))).toEqual(new GameError(503, DATABASE_UNAVAILABLE, 1));
    },
  );

  it('when the error is not the database, then it is left as it is', () => {
    const unique = failure('23505');
    expect(asUnavailable(unique)).toBe(unique);
  });
});
