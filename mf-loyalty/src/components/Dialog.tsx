import { useRef, type ReactNode } from 'react';
import { Dialog as KitDialog, type DialogCloseReason } from '@storefront/remote-kit/dialog';

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])',
].join(',');

export interface DialogProps {
  /** Heading text; names the dialog (aria-labelledby). */
  title: string;
  /** Short text that describes the dialog (aria-describedby). */
  description: ReactNode;
  /** Soft close: 'Remind me later' and Escape (spec §4 Suppression "remind later"). */
  onSoftClose: () => void;
  /** Hard close: the x button (spec §4 Suppression). */
  onHardClose: () => void;
  children?: ReactNode;
  /** Extra class for the panel. */
  className?: string;
}

/**
 * A card popup: the kit's modal `Dialog` (WAI-ARIA APG: portal, focus trap, focus back to the opener)
 * with the popups' two closes. Escape and 'Remind me later' are the soft close, the × 'Close' the hard
 * one (spec §4 Suppression); a press on the backdrop does nothing. First focus: the first field, else
 * the first control after the ×.
 */
export function Dialog({ title, description, onSoftClose, onHardClose, children, className }: DialogProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const laterRef = useRef<HTMLButtonElement>(null);
  const onClose = (reason: DialogCloseReason) => (reason === 'button' ? onHardClose() : onSoftClose());
  const initialFocus = () => {
    const box = bodyRef.current?.closest<HTMLElement>('[role="dialog"]');
    return box?.querySelector<HTMLElement>('input:not([disabled])')
      ?? bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE)
      ?? laterRef.current;
  };

  return (
    <KitDialog
      title={title}
      description={description}
      onClose={onClose}
      closeOnBackdrop={false}
      initialFocus={initialFocus}
      className={`mfl-popup${className ? ` ${className}` : ''}`}
      footer={(
        <button ref={laterRef} type="button" className="mfl-btn mfl-btn--quiet mfl-dialog__later" onClick={onSoftClose}>
          Remind me later
        </button>
      )}
    >
      <div ref={bodyRef} className="mfl-dialog__body">{children}</div>
    </KitDialog>
  );
}
