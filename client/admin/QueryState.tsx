import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

interface QueryStateProps {
  queries: readonly UseQueryResult<unknown>[];
  /** What is being read, for the loading and failure lines ("the currency supply"). */
  what: string;
  children: ReactNode;
}

// Reads are never retried by themselves (docs/rules.md §7), so a failed read offers the player a retry.
export function QueryState({ queries, what, children }: QueryStateProps) {
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <div className="panel notice" role="alert">
        <p>
          Could not load {what} ({failed.error instanceof Error ? failed.error.message : String(failed.error)}).
        </p>
        <button className="button" type="button" onClick={() => queries.forEach((query) => query.isError && void query.refetch())}>
          Try again
        </button>
      </div>
    );
  }
  if (queries.some((query) => query.isPending)) return <p className="muted screen-loading">Loading {what}…</p>;
  return children;
}
