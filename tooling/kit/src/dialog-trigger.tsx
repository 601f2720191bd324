import { forwardRef, type ButtonHTMLAttributes } from 'react';

/** Props of {@link DialogTrigger}: a button's, less `type` (always 'button'). */
export interface DialogTriggerProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-haspopup' | 'aria-expanded'> {
  /** Whether the dialog it opens is open (`aria-expanded`). */
  open: boolean;
  /**
   * The shopper is about to use the button (pointer over it, pointer down, focus): start loading the
   * dialog's code, so it is there by the click or key press. May run several times.
   */
  onPreload?: () => void;
}

/**
 * The button that opens a kit `Dialog` (WAI-ARIA APG dialog pattern: `aria-haspopup="dialog"` and
 * `aria-expanded`), with the intent-to-open preload the lazy dialogs of the header band use.
 */
export const DialogTrigger = forwardRef<HTMLButtonElement, DialogTriggerProps>(function DialogTrigger(
  { open, onPreload, ...button },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={onPreload}
      onPointerDown={onPreload}
      onFocus={onPreload}
      {...button}
    />
  );
});
