// The nginx that `npm run cluster` runs: deploy/nginx/wanakt.conf.template rendered with the
// cluster's ports, inside a small main config of its own (no system paths, logs to the terminal).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const NGINX_TEMPLATE = new URL('../../deploy/nginx/wanakt.conf.template', import.meta.url).pathname;
/** The only variables the template names; the rest ($host, $remote_addr, ...) are nginx's own. */
export const TEMPLATE_VARIABLES = ['WANAKT_LISTEN', 'WANAKT_GAME_1', 'WANAKT_GAME_2', 'WANAKT_GAME_3'] as const;

/** envsubst with a list of names, as the nginx image renders its templates. */
export function renderTemplate(template: string, values: Record<(typeof TEMPLATE_VARIABLES)[number], string>): string {
  return template.replace(/\$\{(\w+)\}/g, (whole, name: string) => {
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name)) return whole;
    return values[name as (typeof TEMPLATE_VARIABLES)[number]];
  });
}

export interface UpstreamGame {
  address: string;
  /** Taken out of the round robin (draining, restarting, failing its readiness check). */
  down: boolean;
}

/** The site: the template with these processes, those that are down marked so in the shared upstream. */
export function siteConfig(listen: string, games: readonly UpstreamGame[]): string {
  if (games.length !== 3) throw new Error('The nginx template names three game processes');
  const site = renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    WANAKT_LISTEN: listen,
    WANAKT_GAME_1: games[0].address,
    WANAKT_GAME_2: games[1].address,
    WANAKT_GAME_3: games[2].address,
  });
  return site.replace(/upstream wanakt \{[^}]*\}/, (block) =>
    games.reduce((text, game) => (game.down ? text.replace(`server ${game.address} `, `server ${game.address} down `) : text), block),
  );
}

/** nginx.conf for a private prefix: foreground, temp files and pid inside it, errors on stderr. */
export function mainConfig(prefix: string): string {
  const temp = (name: string) => `${name}_temp_path ${join(prefix, 'temp', name)};`;
  return `daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
# After a reload, old workers keep the room sockets they carry until they close, at most this long.
worker_shutdown_timeout 10m;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${join(prefix, 'wanakt.conf')};
}
`;
}
