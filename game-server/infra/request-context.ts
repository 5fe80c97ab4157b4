import { AsyncLocalStorage } from 'node:async_hooks';

/** What follows one command from its HTTP request through its transaction to the rooms it reaches. */
export interface RequestContext {
  requestId: string;
  /** performance.now() when the request arrived: its waits are counted from there. */
  startedAt?: number;
  /** Whether its caller hung up: work not yet started for it is not started. */
  gone?: () => boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it awaits or schedules) as part of the given request. */
export function withRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * Runs `work` as part of no request: for a loop a request only woke (the outbox relay), whose work
 * (a room reloading the world, the timers it sets) serves everyone and must not inherit that one
 * request's deadline, nor be given up when that one caller hangs up.
 */
export function outsideRequest<T>(work: () => T): T {
  return storage.exit(work);
}

export function withRequestId<T>(requestId: string, work: () => T): T {
  return withRequest({ requestId }, work);
}

/** The id of the request whose work is running now, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The request whose work is running now, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
