import type { Method, Operation } from './operation.ts';
import { OPERATIONS } from './operations.ts';

interface CompiledOperation {
  operation: Operation;
  pattern: RegExp;
  /** Literal paths win over parameters: /territories/for-sale is not /territories/:id. */
  parameterCount: number;
}

const compile = (operation: Operation): CompiledOperation => {
  const parts = operation.path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // Case-insensitive, as Express routes are by default: /api/Territories reaches /territories.
  return { operation, pattern: new RegExp(`^${parts.join('/')}/?$`, 'i'), parameterCount: (operation.path.match(/:/g) ?? []).length };
};

/** Finds the operation a request under /api is for, as Express's router would. */
export function operationFinder(operations: readonly Operation[] = OPERATIONS) {
  const compiled = operations.map(compile).sort((a, b) => a.parameterCount - b.parameterCount);
  return (method: string, path: string): Operation | undefined => {
    const wanted = (method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()) as Method;
    return compiled.find((entry) => entry.operation.method === wanted && entry.pattern.test(path))?.operation;
  };
}

/** `/territories/:id` as OpenAPI writes it: `/territories/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
