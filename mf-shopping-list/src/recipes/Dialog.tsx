/**
 * A modal dialog for the recipe pages (WAI-ARIA dialog pattern): `role="dialog"`, `aria-modal`, named by
 * its title; focus moves in (to `initialFocus`, else the first field) and is trapped (focus-trap, as the
 * list panel), Escape and 'Cancel' / the close button close it, and focus returns to the element that
 * had it before (or `returnFocusTo`). Page scroll is locked while open. Rendered in a portal.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { createFocusTrap } from 'focus-trap';

/** Props of {@link Dialog}. */
export interface DialogProps {
  title: string;
  /** Called once when the dialog closes (Escape, close button, backdrop). */
  onClose: () => void;
  children: ReactNode;
  /** Element focused on open (default: the first focusable element after the title). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close (default: the element focused before the dialog opened). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** See the module comment. */
export function Dialog({ title, onClose, children, initialFocus, returnFocusTo }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => { onCloseRef.current = onClose; }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let closed = false;
    const target = () => initialFocus?.current ?? dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog;
    const trap = createFocusTrap(dialog, {
      initialFocus: target,
      fallbackFocus: () => dialog,
      delayInitialFocus: false,
      escapeDeactivates: true,
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
      setReturnFocus: () => returnFocusTo?.current ?? before ?? false,
      onDeactivate: () => {
        if (closed) return;
        closed = true;
        onCloseRef.current();
      },
    });
    trap.activate();
    // focus-trap skips an initial node it cannot see as focusable (no layout: jsdom): focus it directly.
    target().focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      // Closed by the parent (after a save): still give focus back.
      closed = true;
      trap.deactivate();
    };
  }, [initialFocus, returnFocusTo]);

  return createPortal(
    <div className="mfsl-layer mfrp-layer">
      <div className="mfsl-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div ref={dialogRef} className="mfrp-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="mfsl-panel__head">
          <h2 id={titleId} className="mfsl-panel__title">{title}</h2>
          <button type="button" className="mfsl-panel__close" aria-label="Close" onClick={() => onCloseRef.current()}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
        </div>
        <div className="mfrp-dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
