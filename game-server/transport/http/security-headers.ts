import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const STRIPE_JS = 'https://js.stripe.com';

/**
 * helmet's headers with a Content-Security-Policy for this client: its own scripts, styles and
 * sockets, the blob: workers PixiJS may start, and Stripe's script, frames and API only when
 * Stripe takes the payments. No page may frame the game (clickjacking); HSTS is sent only on
 * HTTPS, where it means something, since on plain http:// it would be ignored or, behind a
 * misconfigured proxy, pin a host to an https:// that does not exist.
 *
 * None of helmet's headers here depends on the request (no directive is a function), so helmet
 * runs once, at start, and each request is given the same headers from a list: run per request,
 * its eleven middlewares and the policy rebuilt from its directives took 4% of the server's CPU
 * on a cached world read.
 */
export function securityHeaders(options: { stripe: boolean }): RequestHandler {
  const stripe = (...sources: string[]) => (options.stripe ? sources : []);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe(STRIPE_JS)],
        styleSrc: ["'self'", ...stripe("'unsafe-inline'")],
        imgSrc: ["'self'", 'data:', 'blob:', ...stripe('https://*.stripe.com')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe('https://api.stripe.com')],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: options.stripe ? [STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  const { set, removed } = headersOf(headers);
  return (req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** What a middleware that only sets and removes headers does to a response, found by running it once. */
function headersOf(middleware: RequestHandler): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let passed = false;
  void middleware({} as Request, response as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    passed = true;
  });
  if (!passed) throw new Error('The security headers depend on the request: they cannot be computed once');
  return { set, removed };
}
