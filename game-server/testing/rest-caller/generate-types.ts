import { writeFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { openApiDocument } from '../../transport/http/openapi/document.ts';

// The types a REST caller generates from the published document with openapi-typescript, kept
// beside the caller's flows (flows.ts) so `npm run typecheck` checks those flows against them.
// `npm run api:types` writes them again; rest-caller.test.ts fails when they are out of date.

export const TYPES_FILE = new URL('./api.d.ts', import.meta.url);

export async function generatedTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())), { exportType: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

if (process.argv[1] === new URL(import.meta.url).pathname) writeFileSync(TYPES_FILE, await generatedTypes());
