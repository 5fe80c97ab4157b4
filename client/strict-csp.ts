// Imported first by the entry: zod compiles fast parsers with `new Function` unless told not to, and
// under the page's Content-Security-Policy (no 'unsafe-eval') even its probe for that is reported
// as a violation. Schemas read the setting when they are built, so it must precede every import of one.
import { config } from 'zod';

config({ jitless: true });
