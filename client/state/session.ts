import { create } from 'zustand';
import type { AccountDto } from '../../schema/api/user.ts';
import { me, serverMessageOr } from '../api.ts';
import { showToast } from './toasts.ts';

interface SessionState {
  account: AccountDto | null;
  // Until the first answer of /api/auth/session, nobody is known to be logged in or out.
  status: 'loading' | 'ready';
  setAccount: (account: AccountDto) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()((set) => ({
  account: null,
  status: 'loading',
  setAccount: (account) => set({ account, status: 'ready' }),
  clear: () => set({ account: null, status: 'ready' }),
}));

export async function loadSession(): Promise<void> {
  try {
    const account = await me();
    if (account) useSession.getState().setAccount(account);
    else useSession.getState().clear();
  } catch (error) {
    useSession.getState().clear();
    showToast({
      variant: 'destructive',
      title: 'Connection Problem',
      description: serverMessageOr(error, 'Could not reach the game server.'),
    });
  }
}

/** Whether the signed-in account is the Wanakt's: what its own screens and counts hang on. */
export function useIsWanakt(): boolean {
  return useSession((state) => state.account?.is_wanakt === true);
}
