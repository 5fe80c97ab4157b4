import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../admin.css';

interface ScreenProps {
  title: string;
  subtitle?: string;
  /** The link back to the map, worded as the screen's docs/rules.md section words it. */
  backLabel: string;
  testId: string;
  children: ReactNode;
}

// The frame every revenue, rent, collectibles and admin screen shares: a way back and a title.
export function Screen({ title, subtitle, backLabel, testId, children }: ScreenProps) {
  return (
    <main className="screen" data-testid={testId}>
      <header className="screen-head">
        <Link className="back-link" to="/">
          ← {backLabel}
        </Link>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </header>
      {children}
    </main>
  );
}
