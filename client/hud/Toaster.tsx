import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, dismissToast, useToasts } from '../state/toasts.ts';

export function Toaster() {
  const current = useToasts((state) => state.current);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {current && (
        // Keyed by id so a replacing toast starts its own timer instead of inheriting the old one's.
        <Toast.Root
          key={current.id}
          className="toast"
          data-variant={current.variant}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
        >
          <div className="toast-text">
            <Toast.Title className="toast-title">{current.title}</Toast.Title>
            {current.description && <Toast.Description className="toast-description">{current.description}</Toast.Description>}
          </div>
          {current.action && (
            <Toast.Action className="button small toast-action" altText={current.action.altText} onClick={current.action.run}>
              {current.action.label}
            </Toast.Action>
          )}
          <Toast.Close className="toast-close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" hotkey={TOAST_HOTKEY} />
    </Toast.Provider>
  );
}
