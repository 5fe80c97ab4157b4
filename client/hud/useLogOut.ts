import { logout, serverMessageOr } from '../api.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

/** Logs out and forgets the account, or says why it could not: the top bar's and the phone menu's Log out. */
export function useLogOut(): () => Promise<void> {
  const clear = useSession((state) => state.clear);
  return async () => {
    try {
      await logout();
      clear();
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Logout Failed',
        description: serverMessageOr(error, 'Logout failed. Please try again.'),
      });
    }
  };
}
