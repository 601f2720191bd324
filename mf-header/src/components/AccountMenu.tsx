import { useBusState } from 'shared-events';
import { greeting } from '../state/greeting';
import { useDisclosure } from '../hooks/useDisclosure';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { lazyPart, PartBoundary } from '@storefront/remote-kit';

/** The menu's inside: its own chunk, fetched when the shopper points at, touches or focuses the trigger. */
export const accountPanel = lazyPart(() => import(/* webpackChunkName: "mfh-account-panel" */ './AccountPanel').then((m) => m.AccountPanel));

/**
 * Account trigger and its disclosure menu (spec §2 Header, Account menu).
 *
 * - Trigger text from {@link greeting}: 'Account' signed out, 'Hi, Alexa...' signed in (spec §9).
 * - The menu ({@link ./AccountPanel}: Log In / Sign Up or the Scene+ panel and Sign Out, and the
 *   account links) is rendered while open. First paint is the trigger only: the menu's
 *   code is fetched on the first pointerenter, pointerdown or focus of the trigger, so it is normally
 *   there by the click; if not, the open panel shows a `role="status"` "Loading…" until it is.
 *
 * Session from `bus.state.session`. WAI-ARIA disclosure: Escape closes and returns focus; a click
 * outside closes.
 */
export function AccountMenu() {
  const { bus } = useHeaderRemote();
  const session = useBusState(bus.state.session);
  const menu = useDisclosure();
  const { Part: Panel, preload } = accountPanel;
  /** Fetches the menu's code (no-op once here; after a failed load, tries again). */
  const warm = () => { preload().catch(() => { /* shown by the panel's PartBoundary */ }); };

  return (
    <div className="mfh-account" {...menu.containerProps}>
      <button className="mfh-account__trigger" {...menu.buttonProps} onPointerEnter={warm} onPointerDown={warm} onFocus={warm} onClickCapture={warm}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10" cy="7" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M3.5 17c0-3.6 2.9-5.5 6.5-5.5s6.5 1.9 6.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span>{greeting(session)}</span>
      </button>
      <div className="mfh-account__panel" {...menu.panelProps}>
        {menu.open && (
          <PartBoundary label="account menu">
            <Panel session={session} close={menu.close} />
          </PartBoundary>
        )}
      </div>
    </div>
  );
}
