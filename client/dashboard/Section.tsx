import type { ReactNode } from 'react';

interface SectionProps {
  title: string;
  children: ReactNode;
  testId?: string;
  action?: ReactNode;
}

// One titled block of a dashboard sidebar.
export function Section({ title, children, testId, action }: SectionProps) {
  return (
    <section className="panel side-section" data-testid={testId} aria-label={title}>
      <header className="side-section-head">
        <h2>{title}</h2>
        {action}
      </header>
      {children}
    </section>
  );
}
