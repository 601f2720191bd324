import type { ReactNode } from 'react';
import { Dialog as KitDialog } from '@storefront/remote-kit/dialog';

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
 * one (spec §4 Suppression); a press on the backdrop does nothing. First focus: the kit's, the first
 * control of the popup's content (its field, else its main action).
 */
export function Dialog({ title, description, onSoftClose, onHardClose, children, className }: DialogProps) {
  return (
    <KitDialog
      title={title}
      description={description}
      onClose={(reason) => (reason === 'button' ? onHardClose() : onSoftClose())}
      closeOnBackdrop={false}
      className={`mfl-popup${className ? ` ${className}` : ''}`}
      footer={<button type="button" className="mfl-btn mfl-btn--quiet mfl-dialog__later" onClick={onSoftClose}>Remind me later</button>}
    >
      <div className="mfl-dialog__body">{children}</div>
    </KitDialog>
  );
}
