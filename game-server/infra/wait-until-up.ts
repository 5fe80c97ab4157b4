/** How long start-up waits for a server it cannot run without, and how it says so. */
export interface WaitOptions {
  seconds: number;
  say(line: string): void;
  /** The composition root's clock: how long has been waited. */
  clock: () => Date;
  /** Pause between tries; tests pass a short one. */
  pauseMs?: number;
}

/** One server start-up waits for: how to try it once, and which of its failures are worth waiting out. */
export interface Awaited {
  /** What it is and where, for the operator: `PostgreSQL at 127.0.0.1:5432`. */
  name: string;
  /** The settings that name it and bound the wait, for the give-up message. */
  urlSetting: string;
  waitSetting: string;
  /** One try: resolves when it answers, and cleans up after itself either way. */
  probe(): Promise<void>;
  /** "Not there yet" (refused, restarting, DNS not up): worth another try. Anything else ends at once. */
  transient(error: unknown): boolean;
  /** The one-line error start-up ends with. */
  unavailable(message: string): Error;
}

/** Tries the server until it answers or `seconds` have passed, saying one line per try. */
export async function waitUntilUp(server: Awaited, options: WaitOptions): Promise<void> {
  const deadline = options.clock().getTime() + options.seconds * 1000;
  for (;;) {
    try {
      return await server.probe();
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0];
      if (!server.transient(error)) throw server.unavailable(`Cannot use ${server.name}: ${reason}`);
      if (options.clock().getTime() >= deadline) {
        throw server.unavailable(
          `${server.name} did not answer within ${options.seconds} s (${reason}). Start it, or check ${server.urlSetting}; ${server.waitSetting} sets how long to wait.`,
        );
      }
      options.say(`Waiting for ${server.name} …`);
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 1000));
    }
  }
}
