import { useState } from 'react';
import { serverMessageOr, visitTerritory } from '../api.ts';
import { showToast } from '../state/toasts.ts';
import { useDialogs } from './dialogs.ts';
import { patchTerritory } from './refresh.ts';

/** Visit: records the visit, then shows the ad the server chose for it (the popup) or a welcome. */
export function useVisit() {
  const show = useDialogs((state) => state.show);
  const [visiting, setVisiting] = useState(false);

  async function visit(territory: { id: number; name: string }) {
    setVisiting(true);
    try {
      const answer = await visitTerritory(territory.id);
      patchTerritory(territory.id, { visits: answer.visits });
      if (answer.ad) show({ kind: 'visit-ad', ad: answer.ad });
      else showToast({ title: 'Visit Recorded', description: `Welcome to ${territory.name}!` });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Visit Failed', description: serverMessageOr(error, 'Unable to record the visit') });
    } finally {
      setVisiting(false);
    }
  }

  return { visiting, visit };
}
