import type { Logger } from '../../infra/logger.ts';

// What a client can trigger at will by breaking the WebSocket protocol (a frame over the size
// limit, a malformed frame): worth one line, not a stack trace per attempt.
const CLIENT_PROTOCOL_ERROR = /^(?:RangeError: |Error: )?(?:Max payload size exceeded|Invalid WebSocket frame)/;

const text = (args: unknown[]) => args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');

/** Colyseus's log, through ours. */
export function colyseusLogger(log: Logger) {
  return {
    debug: (...args: unknown[]) => log.debug(text(args)),
    trace: (...args: unknown[]) => log.debug(text(args)),
    info: (...args: unknown[]) => log.info(text(args)),
    warn: (...args: unknown[]) => log.warn(text(args)),
    error: (...args: unknown[]) => {
      const message = text(args);
      if (CLIENT_PROTOCOL_ERROR.test(message)) log.warn(`A client's socket was closed: ${message.split('\n')[0]}`);
      else log.error(message);
    },
  };
}
