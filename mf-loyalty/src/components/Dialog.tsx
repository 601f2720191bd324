import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createFocusTrap } from 'focus-trap';

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Focusable elements inside `container`, in DOM order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

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
 * A card popup as a WAI-ARIA APG modal dialog: `role="dialog"`, `aria-modal`, labelled by its
 * heading and described by its text; rendered in a portal on `document.body`; focus moves into the
 * dialog on open (the first field, else the first control after the x), Tab/Shift+Tab wrap inside it,
 * Escape is a soft close, and focus returns to the element that had it before the dialog opened.
 * Every popup has 'Remind me later' (soft) and the x 'Close' (hard).
 */
export function Dialog({ title, description, onSoftClose, onHardClose, children, className }: DialogProps) {
  const titleId = useId();
  const descId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const trap = createFocusTrap(panel, {
      // The first field, else the first control after the x, else the x, else the panel itself.
      initialFocus: () => {
        const items = focusableIn(panel);
        return panel.querySelector<HTMLElement>('input:not([disabled])') ?? items[1] ?? items[0] ?? panel;
      },
      fallbackFocus: panel,
      delayInitialFocus: false,
      // Escape is the soft close of onKeyDown below; a click outside neither closes nor is blocked.
      escapeDeactivates: false,
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
      delayReturnFocus: false,
      setReturnFocus: (previous) => (previous !== document.body && previous.isConnected ? previous : false),
    });
    trap.activate();
    return () => {
      trap.deactivate();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onSoftClose();
    }
  };

  return createPortal(
    <div className="mfl-layer">
      <div className="mfl-backdrop" aria-hidden="true" />
      <div
        ref={panelRef}
        className={`mfl-dialog${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="mfl-dialog__close" aria-label="Close" onClick={onHardClose}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 className="mfl-dialog__title" id={titleId}>{title}</h2>
        <div className="mfl-dialog__desc" id={descId}>{description}</div>
        {children}
        <button type="button" className="mfl-btn mfl-btn--quiet mfl-dialog__later" onClick={onSoftClose}>
          Remind me later
        </button>
      </div>
    </div>,
    document.body,
  );
}
