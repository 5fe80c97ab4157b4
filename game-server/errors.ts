// The one error type every layer throws: a service refusing, the pipeline's policy, the database
// away, a rate limit. Its status follows docs/rules.md §8 "Errors"; transport code turns it into an
// answer, so services stay free of Express and Colyseus. It imports nothing, so it sits beside
// config.ts at the top of game-server/, where every layer may import it (docs/design.md "Layers").
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

export class GameError extends Error {
  readonly status: ErrorStatus;
  /** For a 429 or a 503: when to come back, sent as Retry-After. */
  readonly retryAfterSeconds?: number;

  constructor(status: ErrorStatus, message: string, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'GameError';
  }
}

export const badInput = (message: string) => new GameError(400, message);
export const unauthenticated = (message = 'Please log in first') => new GameError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new GameError(403, message);
export const notFound = (message: string) => new GameError(404, message);
export const conflict = (message: string) => new GameError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) => new GameError(429, message, retryAfterSeconds);
