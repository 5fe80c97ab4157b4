// Imported first by the entry: zod compiles fast parsers with `new Function` unless told not to, and
// under the page's Content-Security-Policy (no 'unsafe-eval') even its probe for that is reported
// as a violation. Schemas read the setting when they are built, so it must precede every import of one.
// zod keeps its settings in globalThis.__zod_globalConfig and adopts one that is already there (so
// that copies of zod share them): setting it here needs no import of zod, which would bring zod's code
// into the bundle every page loads first, though only some pages use it.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
