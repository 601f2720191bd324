import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { createFocusTrap, type FocusTrap } from 'focus-trap';
import type { EventBus } from 'shared-events';
import type { Banner } from '../state/banner';
import type { MenuNode } from '../state/menu';
import { useLocation } from '@storefront/remote-kit';
import { Logo } from './Logo';
import { MenuLink } from './MenuLink';
import { MenuTree } from './MenuTree';
import { isLiveChatLink, openLiveChat } from '../state/liveChat';
import './drawer.css';
import { useOptionalRemote } from '@storefront/remote-kit';

/**
 * The quick links of the mobile panel (spec §2 Header "quick links (Contact Us, Help, Live Chat,
 * Scene+)"). Contact Us and Help are the customer-service pages of the footer content; Live Chat
 * opens the chat embed (../state/liveChat; spec §2 Live chat, §4 Chat) instead of following its URL.
 */
export const QUICK_LINKS: readonly MenuNode[] = Object.freeze(
  ([
    ['Contact Us', '/customer-service/contact-us'],
    ['Help', '/customer-service/help'],
    ['Live Chat', '/customer-service/live-chat'],
    ['Scene+', '/scene'],
  ] as const).map(([label, link]) => ({
    id: `quick/${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    label, link, target: '_self' as const, isDropdown: false, children: [], sameLevelList: [], tags: [],
  })),
);

/** Where the page's search box lives: the mf-search remote's slot (the header never imports it). */
export const SEARCH_BOX_SELECTOR = '#slot-mf-search input, #slot-mf-search [role="combobox"]';

export interface MobilePanelDialogProps {
  bus: EventBus;
  navigate?: (url: string) => void;
  menu: readonly MenuNode[];
  banner: Banner;
  /** Called once the dialog has closed (focus-trap deactivated): the owner unmounts it. */
  onClose: () => void;
}

/**
 * The mobile header panel's dialog, up to 1023px (spec §2 Header "Mobile panel", spec §9), opened by
 * the 'Menu' button of {@link ./MobilePanel} (loaded on demand, chunk `mfh-mobile-panel`): a
 * modal dialog (WAI-ARIA dialog pattern, `aria-modal="true"`, name 'Menu') that slides in from the
 * left with the logo, a 'Search' button, the menu (nested dropdowns as disclosures, 'View All
 * {label}' entries) and the quick links. Mounted = open.
 *
 * Focus: trapped inside while open (focus-trap), starting on 'Close menu'; Escape, 'Close menu' or
 * a press on the backdrop close it and return focus to 'Menu'. 'Search' closes it and focuses the
 * search box of `#slot-mf-search` (another remote; {@link SEARCH_BOX_SELECTOR}). Following a link
 * publishes `analytics/track nav_header { label, link }` and closes it. Page scroll is locked while
 * open.
 */
export function MobilePanelDialog({ bus, navigate, menu, banner, onClose }: MobilePanelDialogProps) {
  // the chat embed's script, loaded on the first 'Live Chat' (RuntimeConfig.vendors; absent in tests without the kit)
  const chatScriptUrl = useOptionalRemote()?.config?.vendors?.chatScriptUrl;
  const { pathname } = useLocation();
  const dialogRef = useRef<HTMLDivElement>(null);
  const trapRef = useRef<FocusTrap | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => { onCloseRef.current = onClose; }, [onClose]);

  useEffect(() => {
    if (!dialogRef.current) return;
    const trap = createFocusTrap(dialogRef.current, {
      initialFocus: () => closeRef.current ?? false,
      fallbackFocus: () => dialogRef.current as HTMLElement,
      escapeDeactivates: true,
      clickOutsideDeactivates: true,
      returnFocusOnDeactivate: true,
      onDeactivate: () => onCloseRef.current(),
    });
    trapRef.current = trap;
    trap.activate();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      trapRef.current = null;
      trap.deactivate({ onDeactivate: () => {} });
    };
  }, []);

  /** Closes the panel; focus returns to 'Menu' unless `returnFocus` is false. */
  const close = (returnFocus = true) => {
    if (trapRef.current) trapRef.current.deactivate({ returnFocus });
    else onCloseRef.current();
  };

  const follow = (node: MenuNode) => {
    bus.emit('analytics/track', { event: 'nav_header', params: { label: node.label, link: node.link ?? '/' } });
    close();
  };

  /** The Live Chat quick link: close the panel (focus back on 'Menu'), then open the chat or say it is unavailable. */
  const liveChat = (node: MenuNode) => {
    bus.emit('analytics/track', { event: 'nav_header', params: { label: node.label, link: node.link ?? '/' } });
    close();
    // after focus-trap has put focus back on 'Menu' (it does so in a 0 ms timer), so the chat's own
    // focus handling starts from there and returns there when the chat closes
    setTimeout(() => void openLiveChat(bus, undefined, chatScriptUrl), 0);
  };

  const goToSearch = () => {
    close(false);
    const box = document.querySelector<HTMLElement>(SEARCH_BOX_SELECTOR);
    if (box) {
      box.focus();
      box.scrollIntoView({ block: 'nearest' });
    }
  };

  return createPortal(
    <div className="mfh-drawer-root">
      <div className="mfh-drawer__backdrop" aria-hidden="true" />
      <div className="mfh-drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef} data-testid="mobile-panel">
        <div className="mfh-drawer__head">
          <Logo banner={banner} navigate={navigate ? (url) => { close(); navigate(url); } : undefined} />
          <h2 id={titleId} className="mfh-visually-hidden">Menu</h2>
          <button type="button" className="mfh-drawer__close" aria-label="Close menu" ref={closeRef} onClick={() => close()}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <button type="button" className="mfh-drawer__search" onClick={goToSearch}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Search
        </button>
        <nav className="mfh-drawer__nav" aria-label="Main menu">
          <MenuTree nodes={menu} pathname={pathname} navigate={navigate} onFollow={follow} />
        </nav>
        <nav className="mfh-drawer__quick" aria-label="Quick links">
          <ul className="mfh-menu mfh-menu--quick">
            {QUICK_LINKS.map((node) => (
              <li key={node.id} className="mfh-menu__item">
                {isLiveChatLink(node.link) ? (
                  <a className="mfh-menu__link" href={node.link ?? '/'} onClick={(e) => { e.preventDefault(); liveChat(node); }}>{node.label}</a>
                ) : (
                  <MenuLink node={node} pathname={pathname} navigate={navigate} onFollow={follow} />
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>,
    document.body,
  );
}
