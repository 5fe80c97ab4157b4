import { useSyncExternalStore } from 'react';

// The width below which the dashboard's sidebars are drawers behind ☰ Menu (styles.css, "Phones and narrow windows").
const DRAWERS = '(max-width: 1100px)';

function subscribe(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(DRAWERS);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const drawers = () => globalThis.matchMedia?.(DRAWERS).matches ?? false;

/** Whether the sidebars are hidden in drawers, so what must be seen first has to stand over the map instead. */
export function useDrawerLayout(): boolean {
  return useSyncExternalStore(subscribe, drawers, () => false);
}
