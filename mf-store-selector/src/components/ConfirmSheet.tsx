import { useRef } from 'react';
import { Dialog } from '@storefront/remote-kit/dialog';
import type { Store } from 'shared-events';
import './confirmSheet.css';

export interface ConfirmSheetProps {
  store: Store;
  onYes: () => void;
  /** 'No', Escape or a press on the backdrop: clears the pending choice (spec §4). */
  onNo: () => void;
}

/**
 * Confirmation sheet 'Update Selected Store' (spec §2 Store selector, §4 Store selection): the kit's
 * `Dialog` as a sheet `alertdialog` naming the chosen store, with 'Yes' and 'No'. Focus starts on 'Yes'
 * and is trapped; Escape and the backdrop answer 'No'. Over the selector dialog (also the kit's Dialog)
 * it alone answers keys until it closes; focus then returns to the button that opened it.
 */
export function ConfirmSheet({ store, onYes, onNo }: ConfirmSheetProps) {
  const yesRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title="Update Selected Store"
      role="alertdialog"
      variant="sheet"
      className="mfss-sheet"
      closeLabel={null}
      initialFocus={yesRef}
      onClose={onNo}
      description={<>Do you want to make <strong>{store.locationName}</strong> your store?</>}
      footer={(
        <div className="mfss-sheet__actions">
          <button ref={yesRef} type="button" className="mfss-btn mfss-btn--primary" onClick={onYes}>Yes</button>
          <button type="button" className="mfss-btn mfss-btn--secondary" onClick={onNo}>No</button>
        </div>
      )}
    />
  );
}
