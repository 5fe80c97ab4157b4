import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TopBar } from '../hud/TopBar.tsx';
import '../admin.css';

interface ScreenProps {
  title: string;
  subtitle?: string;
  /** The link back to the map, worded as the screen's docs/rules.md section words it. */
  backLabel: string;
  testId: string;
  children: ReactNode;
}

// The frame every page but the map shares: the top bar, a way back and a title.
export function Screen({ title, subtitle, backLabel, testId, children }: ScreenProps) {
  return (
    <>
      <TopBar offMap />
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
    </>
  );
}
