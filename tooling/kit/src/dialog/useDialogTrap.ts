import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { createFocusTrap, type FocusTrap } from 'focus-trap';
import { lockPageScroll } from './scrollLock';

/** Where focus goes when the dialog opens: a ref, a function returning an element, or `'close'` (the × button). */
export type InitialFocus = RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined) | 'close';

/** Options of {@link useDialogTrap}; read on every event, so they may change between renders. */
export interface DialogTrapOptions {
  initialFocus?: InitialFocus;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Called for Escape when {@link DialogTrapOptions.closeOnEscape} allows it. */
  onEscape: () => void;
  closeOnEscape: boolean | ((event: KeyboardEvent) => boolean);
  lockScroll: boolean;
}

/** The trap's handle for the dialog. */
export interface DialogTrapHandle {
  /** Ends the trap now without moving focus (the content moves it elsewhere, e.g. to another remote's field). */
  releaseFocus: () => void;
}

// tabbable's layout check sees nothing as visible without layout (jsdom): check visibility only there.
const NO_LAYOUT = typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])',
].join(',');

const closeButton = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('[data-kit-dialog-close]');

function resolve(target: InitialFocus | undefined, dialog: HTMLElement): HTMLElement | null {
  if (!target) return null;
  if (target === 'close') return closeButton(dialog);
  return (typeof target === 'function' ? target() : target.current) ?? null;
}

/**
 * The default first focus: `[data-autofocus]`, else the first control of the content
 * (`[data-kit-dialog-content]`), else the close button, else the dialog itself.
 */
function defaultFocus(dialog: HTMLElement): HTMLElement {
  return dialog.querySelector<HTMLElement>('[data-autofocus]')
    ?? dialog.querySelector<HTMLElement>('[data-kit-dialog-content]')?.querySelector<HTMLElement>(FOCUSABLE)
    ?? closeButton(dialog)
    ?? dialog;
}

/**
 * focus-trap on `dialogRef` while mounted: focus moves in, Tab and Shift+Tab stay inside, Escape asks
 * to close (the owner closes by unmounting), focus returns to `returnFocusTo` or the element focused
 * before on unmount (synchronously, no timer), page scroll locked. Nested dialogs stack: only the
 * top one answers keys (focus-trap's trap stack).
 */
export function useDialogTrap(dialogRef: RefObject<HTMLElement | null>, options: DialogTrapOptions): DialogTrapHandle {
  const latest = useRef(options);
  useLayoutEffect(() => { latest.current = options; });
  const trapRef = useRef<FocusTrap | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const initial = () => resolve(latest.current.initialFocus, dialog) ?? defaultFocus(dialog);
    const trap = createFocusTrap(dialog, {
      initialFocus: initial,
      fallbackFocus: () => dialog,
      delayInitialFocus: false,
      delayReturnFocus: false,
      escapeDeactivates: (event) => {
        const allow = latest.current.closeOnEscape;
        if (typeof allow === 'function' ? allow(event) : allow) {
          event.preventDefault();
          latest.current.onEscape();
        }
        return false; // the owner closes by unmounting
      },
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
      setReturnFocus: (previous) => {
        const target = latest.current.returnFocusTo?.current ?? previous;
        return target !== document.body && target.isConnected ? target : false;
      },
      tabbableOptions: NO_LAYOUT ? { displayCheck: 'none' } : undefined,
    });
    trapRef.current = trap;
    trap.activate();
    const unlock = latest.current.lockScroll ? lockPageScroll() : () => undefined;
    return () => {
      unlock();
      trapRef.current = null;
      trap.deactivate();
    };
  }, [dialogRef]);

  return useMemo(() => ({ releaseFocus: () => { trapRef.current?.deactivate({ returnFocus: false }); } }), []);
}
