/**
 * Colyseus calls some methods of its presence and driver without waiting for them: a publish to
 * another process, a room's listing removed as the room closes (core's IPC, MatchMaker and Room).
 * With Redis away such a call rejects, nothing catches it, and Node ends the whole process for an
 * unhandled rejection, with every room and socket it held (seen with Redis killed under load). Every
 * promise the object's methods answer is marked handled here; a caller that waits for one still
 * gets its rejection and its own fallback.
 */
export function withHandledRejections<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(object, args);
        if (result instanceof Promise) result.catch(() => {});
        return result;
      };
    },
  });
}
