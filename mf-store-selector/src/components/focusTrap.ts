import type { KeyboardEvent } from 'react';

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Focusable elements inside `container`, in tab order of the DOM. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert]'));
}

/**
 * keydown handler of a modal dialog (WAI-ARIA APG dialog pattern): Escape calls `onEscape`;
 * Tab and Shift+Tab wrap around the dialog's focusable elements so focus never leaves it.
 */
export function handleModalKeyDown(e: KeyboardEvent<HTMLElement>, onEscape: () => void): void {
  if (e.key === 'Escape') {
    e.preventDefault();
    e.stopPropagation();
    onEscape();
    return;
  }
  if (e.key !== 'Tab') return;
  const items = focusableIn(e.currentTarget);
  if (items.length === 0) {
    e.preventDefault();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !e.currentTarget.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !e.currentTarget.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
