import { useState, type KeyboardEvent } from 'react';
import type { Banner } from '../state/banner';
import type { MenuNode } from '../state/menu';
import { lazyPart, PartBoundary } from '@storefront/remote-kit';

/** The dialog: its own chunk (with focus-trap), fetched when the shopper points at, touches or focuses 'Menu'. */
export const mobilePanelDialog = lazyPart(() => import(/* webpackChunkName: "mfh-mobile-panel" */ './MobilePanelDialog').then((m) => m.MobilePanelDialog));

export interface MobilePanelProps {
  menu: readonly MenuNode[];
  banner: Banner;
}

/**
 * The mobile header panel, up to 1023px (spec §2 Header "Mobile panel", spec §9): the 'Menu' button
 * (icon only up to 480px, name 'Menu') opening the modal dialog {@link ./MobilePanelDialog}
 * (focus trapped inside, Escape / 'Close menu' / backdrop close it and return focus to 'Menu').
 *
 * First paint is the button only: the dialog's code (with focus-trap) is fetched on the
 * first pointerenter, pointerdown or focus of the button, so it is normally there by the click and
 * opens at once, focus on 'Close menu'. If it is still on its way, a `role="status"` "Loading menu…"
 * shows over the page (fixed, nothing moves) and the dialog takes focus when it arrives; Escape or
 * a second press on 'Menu' meanwhile cancels the opening. A chunk that cannot be loaded gives a
 * `role="alert"` message in the same place; the next press on 'Menu' closes it, the one after retries.
 */
export function MobilePanel({ menu, banner }: MobilePanelProps) {
  const [open, setOpen] = useState(false);
  const { Part: Dialog, preload } = mobilePanelDialog;
  /** Fetches the dialog's code (no-op once here; after a failed load, tries again). */
  const warm = () => { preload().catch(() => { /* shown by the PartBoundary */ }); };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="mfh-nav__toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => { warm(); setOpen((o) => !o); }}
        onPointerEnter={warm}
        onPointerDown={warm}
        onFocus={warm}
        onKeyDown={onKeyDown}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="mfh-nav__toggle-label">Menu</span>
      </button>
      {open && (
        <PartBoundary
          label="mobile panel"
          loading={<div className="mfh-part-overlay" role="status" aria-live="polite" aria-busy="true">Loading menu…</div>}
          failed={<div className="mfh-part-overlay mfh-part-error" role="alert">The menu could not be loaded. Press Menu to close this, then again to retry.</div>}
        >
          <Dialog menu={menu} banner={banner} onClose={() => setOpen(false)} />
        </PartBoundary>
      )}
    </>
  );
}
