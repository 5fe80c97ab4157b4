import { create } from 'zustand';

// docs/rules.md §9 "Notifications".
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast that undoes what it announces (a pin moved): one click, then the toast closes. */
export interface ToastAction {
  label: string;
  /** Read by screen readers: how to do the same without the toast. */
  altText: string;
  run: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
  open: boolean;
}

// Only one toast shows at a time, so the store holds a single slot and a new toast replaces the old.
interface ToastState {
  current: ToastItem | null;
}

export const useToasts = create<ToastState>()(() => ({ current: null }));

let nextId = 1;
let removeTimer: ReturnType<typeof setTimeout> | undefined;

export function showToast({ title, description, variant = 'default', action }: ToastInput): void {
  clearTimeout(removeTimer);
  useToasts.setState({ current: { id: nextId++, title, description, variant, action, open: true } });
}

// A dismissed toast closes at once (letting its exit play) and leaves the store after the remove delay.
export function dismissToast(id: number): void {
  const { current } = useToasts.getState();
  if (current?.id !== id) return;
  useToasts.setState({ current: { ...current, open: false } });
  removeTimer = setTimeout(() => {
    if (useToasts.getState().current?.id === id) useToasts.setState({ current: null });
  }, TOAST_REMOVE_DELAY_MS);
}
