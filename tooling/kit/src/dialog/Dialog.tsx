import { createContext, useContext, useId, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useDialogTrap, type InitialFocus } from './useDialogTrap';
import './dialog.css';
import '../visually-hidden.css';

/** Why the dialog asks to close: Escape, a press on the backdrop, or its close button / {@link useDialog} `close()`. */
export type DialogCloseReason = 'escape' | 'backdrop' | 'button';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Heading text (an `<h2>`); names the dialog (`aria-labelledby`). */
  title: ReactNode;
  /** Keep the title for screen readers only (e.g. a menu panel whose header shows a logo). */
  titleHidden?: boolean;
  /** Text that describes the dialog (`aria-describedby`), shown under the title. */
  description?: ReactNode;
  /** Asked to close; the owner closes by unmounting the dialog (mounted = open). */
  onClose: (reason: DialogCloseReason) => void;
  children?: ReactNode;
  /** `modal` centred (default); `sheet` from the bottom on a phone, centred from 641 px; `panel` a full-height side panel. */
  variant?: 'modal' | 'sheet' | 'panel';
  /** Side of a `panel`. Default `'right'`. */
  side?: 'left' | 'right';
  /** `alertdialog` for a confirmation that interrupts (e.g. "Update selected store?"). Default `'dialog'`. */
  role?: 'dialog' | 'alertdialog';
  /** First focus: a ref, a function, or `'close'` (the × button). Default: `[data-autofocus]`, else the content's first control, else the ×. */
  initialFocus?: InitialFocus;
  /** Where focus goes on close. Default: the element focused when the dialog opened (the opener). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Escape asks to close. A function decides per key press (e.g. not while a field is being edited). Default true. */
  closeOnEscape?: boolean | ((event: KeyboardEvent) => boolean);
  /** A press on the backdrop asks to close. Default true. */
  closeOnBackdrop?: boolean;
  /** Accessible name of the × button; `null`: no × button. Default `'Close'`. */
  closeLabel?: string | null;
  /** Shown in the head row before the title (a logo). */
  head?: ReactNode;
  /** Actions row under the content. */
  footer?: ReactNode;
  /** Extra class names for the dialog box (the remote's look). */
  className?: string;
  /** Lock the page's scroll while open. Default true. */
  lockScroll?: boolean;
}

/** What {@link useDialog} gives a dialog's content. */
export interface DialogApi {
  /**
   * Asks the owner to close (`onClose(reason)`). `returnFocus: false` ends the focus trap at once and
   * leaves focus alone: the caller then focuses what it means to (e.g. the search box of another remote).
   */
  close: (reason?: DialogCloseReason, options?: { returnFocus?: boolean }) => void;
  /** Id of the title element. */
  titleId: string;
}

const DialogContext = createContext<DialogApi | null>(null);

/** The enclosing {@link Dialog}'s API. Throws outside a Dialog. */
export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog() is used outside a <Dialog>');
  return api;
}

const join = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/**
 * One dialog for every remote (WAI-ARIA APG dialog pattern): rendered in a portal on `document.body`,
 * `role="dialog"` (or `alertdialog`), `aria-modal`, named by its title and described by `description`;
 * focus moves in and is trapped (focus-trap), Escape, the backdrop and the × ask to close
 * (`onClose(reason)`), focus returns to the opener when it unmounts, page scroll is locked meanwhile.
 * Class names only (./dialog.css, injected by style-loader with the CSP nonce): no inline styles.
 * A dialog over another opens after it (on a click): one mounted in the same render as its parent
 * would activate its trap first and end up under it (React runs child effects first).
 * @example {open && <Dialog title="Select a store" onClose={() => setOpen(false)}>…</Dialog>}
 */
export function Dialog(props: DialogProps) {
  const { title, titleHidden, description, onClose, children, variant = 'modal', side = 'right', role = 'dialog' } = props;
  const { closeOnBackdrop = true, closeLabel = 'Close', head, footer, className } = props;
  const titleId = useId();
  const descId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => { onCloseRef.current = onClose; }, [onClose]);
  const trap = useDialogTrap(dialogRef, {
    initialFocus: props.initialFocus,
    returnFocusTo: props.returnFocusTo,
    closeOnEscape: props.closeOnEscape ?? true,
    lockScroll: props.lockScroll ?? true,
    onEscape: () => onCloseRef.current('escape'),
  });
  const api = useMemo<DialogApi>(() => ({
    titleId,
    close: (reason = 'button', options) => {
      if (options?.returnFocus === false) trap.releaseFocus();
      onCloseRef.current(reason);
    },
  }), [titleId, trap]);

  return createPortal(
    <div className={join('kit-dialog-layer', `kit-dialog-layer--${variant}`, variant === 'panel' && `kit-dialog-layer--${side}`)}>
      <div className="kit-dialog-backdrop" aria-hidden="true" data-kit-dialog-backdrop="" onClick={closeOnBackdrop ? () => onCloseRef.current('backdrop') : undefined} />
      <div
        ref={dialogRef}
        className={join('kit-dialog', `kit-dialog--${variant}`, className)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
      >
        <DialogContext.Provider value={api}>
          <div className="kit-dialog__head">
            {head}
            <h2 id={titleId} className={join('kit-dialog__title', titleHidden && 'kit-visually-hidden')}>{title}</h2>
            {closeLabel !== null && (
              <button type="button" className="kit-dialog__close" aria-label={closeLabel} data-kit-dialog-close="" onClick={() => api.close('button')}>
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          {description && <div id={descId} className="kit-dialog__desc">{description}</div>}
          <div className="kit-dialog__body" data-kit-dialog-content="">{children}</div>
          {footer && <div className="kit-dialog__foot">{footer}</div>}
        </DialogContext.Provider>
      </div>
    </div>,
    document.body,
  );
}
