import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface ModalProps {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}

// Every modal of the HUD: radix's dialog (focus trap, Escape, outside click) with one look.
// The dimming behind it is a plain div, not radix's Dialog.Overlay: that one locks the page's scroll
// by adding a <style> element, which the Content-Security-Policy (style-src 'self') refuses, so every
// dialog logged a violation. The game's pages hardly scroll behind a modal; the policy stays strict.
export function Modal({ title, description, onClose, children, testId, wide }: ModalProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <div className="modal-overlay" aria-hidden="true" />
        <Dialog.Content className={wide ? 'panel modal wide' : 'panel modal'} data-testid={testId} aria-describedby={undefined}>
          <header className="modal-head">
            <Dialog.Title className="modal-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              ×
            </Dialog.Close>
          </header>
          {description && <Dialog.Description className="muted">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
