import type { RequestHandler } from 'express';
import helmet from 'helmet';

const STRIPE_JS = 'https://js.stripe.com';

/**
 * helmet's headers with a Content-Security-Policy for this client: its own scripts, styles and
 * sockets, the blob: workers PixiJS may start, and Stripe's script, frames and API only when
 * Stripe takes the payments. No page may frame the game (clickjacking); HSTS is sent only on
 * HTTPS, where it means something, since on plain http:// it would be ignored or, behind a
 * misconfigured proxy, pin a host to an https:// that does not exist.
 */
export function securityHeaders(options: { stripe: boolean }): RequestHandler[] {
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
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
  return [headers, hsts];
}
