import { AsyncLocalStorage } from 'node:async_hooks';

/** What follows one command from its HTTP request through its transaction to the rooms it reaches. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it awaits or schedules) as part of the given request. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request whose work is running now, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
