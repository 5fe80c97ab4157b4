import { useState } from 'react';
import { serverMessageOr, type AllianceAnswer } from '../api.ts';
import { allianceChanged } from '../state/live-facts.ts';
import { loadSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

/**
 * Runs one alliance command and says how it went; then the alliance's reads, the tags beside
 * names and the player's balance are read again.
 */
export function useAllianceCall() {
  const [pending, setPending] = useState(false);
  async function run(title: string, call: () => Promise<AllianceAnswer>): Promise<boolean> {
    setPending(true);
    try {
      const { message } = await call();
      allianceChanged();
      void loadSession();
      showToast({ title, description: message });
      return true;
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: `${title}: not done`,
        description: serverMessageOr(error, 'The alliance did not answer'),
      });
      return false;
    } finally {
      setPending(false);
    }
  }
  return { pending, run };
}
