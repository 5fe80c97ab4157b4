import type { Express } from 'express';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string;
  slash?: boolean;
}

export interface ExpressRoute {
  method: string;
  path: string;
}

/** Every method and path Express answers under `prefix`, found by walking its router stack. */
export function expressRoutes(app: Express, prefix = '/api'): ExpressRoute[] {
  const found: ExpressRoute[] = [];
  const walk = (stack: Layer[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods).filter((name) => name !== '_all')) {
          found.push({ method, path: `${base}${layer.route.path}` });
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, layer.slash || typeof layer.rawPath !== 'string' ? base : `${base}${layer.rawPath}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found
    .filter((route) => route.path.startsWith(`${prefix}/`))
    .map((route) => ({ method: route.method, path: route.path.slice(prefix.length) }));
}
