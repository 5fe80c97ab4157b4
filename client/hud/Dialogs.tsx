import { lazy, Suspense } from 'react';
import { useDialogs } from './dialogs.ts';

// The modals' code (their forms and the rules they check, zod among them) is loaded when one first
// opens, not with the pages that may open one (first screen).
const OpenDialog = lazy(() => import('./OpenDialog.tsx'));

// Renders whichever modal is open.
export function Dialogs() {
  const open = useDialogs((state) => state.open);
  const close = useDialogs((state) => state.close);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OpenDialog open={open} close={close} />
    </Suspense>
  );
}
