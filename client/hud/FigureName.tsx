import type { ReactNode } from 'react';
import { FIGURES, type FigureKey } from '../../schema/rules/figures.ts';

/** A figure's one name, with its one-line explanation on hover (schema/rules/figures.ts). */
export function FigureName({ figure }: { figure: FigureKey }) {
  return (
    <span className="figure-name" title={FIGURES[figure].explains}>
      {FIGURES[figure].name}
    </span>
  );
}

interface FigureFactProps {
  figure: FigureKey;
  children: ReactNode;
  /** Marks the value as one part of a total shown beside it. */
  part?: boolean;
  testId?: string;
}

/** One figure in a facts list: its name (explained on hover) and its value, tagged with the figure it is. */
export function FigureFact({ figure, children, part, testId }: FigureFactProps) {
  return (
    <>
      <dt>
        <FigureName figure={figure} />
      </dt>
      <dd data-figure={figure} data-part={part || undefined} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
