import { useEffect, useId, useRef } from 'react';
import { createFocusTrap } from 'focus-trap';
import type { Store } from 'shared-events';
import './confirmSheet.css';

export interface ConfirmSheetProps {
  store: Store;
  onYes: () => void;
  /** 'No', Escape or a click outside: clears the pending choice (spec §4). */
  onNo: () => void;
}

/**
 * Confirmation sheet 'Update Selected Store' (spec §2 Store selector, §4 Store selection):
 * a modal alertdialog naming the chosen store, with 'Yes' and 'No'. Focus starts on 'Yes' and is
 * trapped; Escape answers 'No'. The trap is focus-trap's: over the selector dialog it pauses the
 * dialog's trap until the sheet closes. The caller returns focus to the button that opened the sheet.
 */
export function ConfirmSheet({ store, onYes, onNo }: ConfirmSheetProps) {
  const titleId = useId();
  const descId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const onNoRef = useRef(onNo);
  useEffect(() => {
    onNoRef.current = onNo;
  });
  useEffect(() => {
    if (!sheetRef.current) return;
    const trap = createFocusTrap(sheetRef.current, {
      initialFocus: () => yesRef.current ?? false,
      fallbackFocus: () => sheetRef.current as HTMLElement,
      delayInitialFocus: false,
      escapeDeactivates: true,
      // The backdrop answers 'No' itself (its click handler).
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
      onDeactivate: () => onNoRef.current(),
    });
    trap.activate();
    return () => {
      trap.deactivate({ onDeactivate: () => {} });
    };
  }, []);
  return (
    <div className="mfss-sheet-layer">
      <div className="mfss-backdrop" aria-hidden="true" onClick={onNo} />
      <div
        className="mfss-sheet"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descId}
        ref={sheetRef}
      >
        <h2 className="mfss-sheet__title" id={titleId}>Update Selected Store</h2>
        <p id={descId}>
          Do you want to make <strong>{store.locationName}</strong> your store?
        </p>
        <div className="mfss-sheet__actions">
          <button ref={yesRef} type="button" className="mfss-btn mfss-btn--primary" onClick={onYes}>Yes</button>
          <button type="button" className="mfss-btn mfss-btn--secondary" onClick={onNo}>No</button>
        </div>
      </div>
    </div>
  );
}
