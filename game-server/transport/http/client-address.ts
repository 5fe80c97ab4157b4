import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../../config.ts';
import type { Logger } from '../../infra/logger.ts';

/**
 * The client's address, as Express computes req.ip with the same trust: the socket's, or the
 * nearest untrusted hop of X-Forwarded-For behind trusted proxies. For requests Express never sees
 * (Colyseus's matchmaking).
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(req as Parameters<typeof proxyAddr>[0], trust);
}

/**
 * The header the matchmaking guard writes the client's address into, after dropping whatever the
 * caller sent under that name, so a room's onAuth reads an address the caller could not choose
 * (Colyseus's own `context.ip` believes X-Real-IP and X-Forwarded-For from anyone).
 */
export const CLIENT_ADDRESS_HEADER = 'x-wanakt-client-address';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Says once per process what a request from this machine suggests: a reverse proxy that forwards
 * no X-Forwarded-For, or one whose header TRUST_PROXY does not let us believe. Either way every
 * client that arrives through it has the proxy's address, and they all share its limits.
 */
export function warnOfUnforwardedLoopback(log: Logger, trust: TrustProxy): (req: IncomingMessage) => void {
  let warned = false;
  return (req) => {
    if (warned) return;
    const peer = req.socket.remoteAddress ?? '';
    if (!LOOPBACK.test(peer)) return;
    const forwarded = req.headers['x-forwarded-for'];
    if (forwarded === undefined) {
      warned = true;
      log.warn(
        `A request from this machine (${peer}) carried no X-Forwarded-For. If a reverse proxy stands in front, make it send X-Forwarded-For (nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;) and set TRUST_PROXY to its address (loopback); until then every client that arrives this way shares one address's limits (sign-ups, logins, sockets, matchmaking).`,
      );
    } else if (!trust(peer, 0)) {
      warned = true;
      log.warn(
        `A request from this machine (${peer}) carried X-Forwarded-For, which is ignored because TRUST_PROXY does not name ${peer}: set TRUST_PROXY=loopback if it is your reverse proxy; until then every client that arrives through it shares one address's limits (sign-ups, logins, sockets, matchmaking).`,
      );
    }
  };
}
