import { ErrorDto } from '../../schema/api/user.ts';
import { errorStatuses } from '../transport/http/openapi/operation.ts';
import { operationFinder } from '../transport/http/openapi/route-table.ts';

const findOperation = operationFinder();

/**
 * Checks an answer of the API against the OpenAPI document's source: the call must be documented,
 * its status among the documented ones, and its body of the documented schema. Returns the
 * problem, or null.
 */
export function checkAnswer(method: string, url: string, status: number, body: unknown): string | null {
  const path = new URL(url, 'http://x').pathname;
  // A CORS preflight is the browser asking, not an API call: helmet and the CORS rule answer it.
  if (!path.startsWith('/api/') || path.startsWith('/api/docs') || method === 'OPTIONS') return null;
  const operation = findOperation(method, path.slice('/api'.length));
  const call = `${method} ${path}`;
  // An unknown call's 404 is itself the documented answer of every path the API lacks.
  // An unknown call's 404, or 405 on a path the document has with other methods, is the answer the API gives.
  if (!operation) return status === 404 || status === 405 ? null : `${call} answered ${status} but is not in the OpenAPI document`;
  if (status === 304 && operation.method === 'get') return null;
  if (status === operation.ok.status) {
    if (!operation.ok.schema || method === 'HEAD') return null;
    const parsed = operation.ok.schema.safeParse(body);
    return parsed.success
      ? null
      : `${call} answered ${status} with a body the document does not describe: ${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('; ')}`;
  }
  if (!errorStatuses(operation).includes(status))
    return `${call} answered ${status}, which the document does not list: ${JSON.stringify(body)?.slice(0, 200)}`;
  return ErrorDto.safeParse(body).success ? null : `${call} answered ${status} without { message }`;
}
