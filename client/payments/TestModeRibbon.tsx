import { useQuery } from '@tanstack/react-query';
import { readQuery } from '../state/query.ts';
import './test-mode-ribbon.css';

/** On every page while payments run in the sandbox: nothing bought here costs or earns real money. */
export function TestModeRibbon() {
  const { data } = useQuery({
    // Named by its path: the ribbon is on the first screen, whose scripts carry no zod.
    ...readQuery('/payments/config'),
    staleTime: Infinity,
  });
  if (data?.provider !== 'sandbox') return null;
  return (
    <div className="test-mode-ribbon" role="status" data-testid="test-mode-ribbon">
      TEST MODE · payments are simulated, no real money moves
    </div>
  );
}
