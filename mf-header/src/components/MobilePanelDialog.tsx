import { Dialog, useDialog } from '@storefront/remote-kit/dialog';
import type { Banner } from '../state/banner';
import type { MenuNode } from '../state/menu';
import { useLocation } from '@storefront/remote-kit';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { Logo } from './Logo';
import { MenuLink, MenuScopeContext } from './MenuLink';
import { MenuTree } from './MenuTree';
import { isLiveChatLink, openLiveChat } from '../api/liveChat';
import './drawer.css';

/**
 * The quick links of the mobile panel (spec §2 Header "quick links (Contact Us, Help, Live Chat,
 * Scene+)"). Contact Us and Help are the customer-service pages of the footer content; Live Chat
 * opens the chat embed (../api/liveChat; spec §2 Live chat, §4 Chat) instead of following its URL.
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
  menu: readonly MenuNode[];
  banner: Banner;
  /** Asked to close (Escape, backdrop, 'Close menu', a followed link, 'Search'): the owner unmounts it. */
  onClose: () => void;
}

/** The close button (the kit Dialog's ×, named 'Close menu'): first focus when the panel opens. */
const closeButton = () => document.querySelector<HTMLElement>('.mfh-drawer [data-kit-dialog-close]');

/**
 * The mobile header panel's dialog, up to 1023px (spec §2 Header "Mobile panel", spec §9), opened by
 * the 'Menu' button of {@link ./MobilePanel} (loaded on demand, chunk `mfh-mobile-panel`): the kit's
 * `Dialog` as a left side panel (WAI-ARIA dialog pattern, `aria-modal="true"`, name 'Menu') with the
 * logo, a 'Search' button, the menu (nested dropdowns as disclosures, 'View All {label}' entries) and
 * the quick links. Mounted = open.
 *
 * Focus: trapped inside while open (the kit's focus-trap), starting on 'Close menu'; Escape, 'Close
 * menu' or a press on the backdrop close it and return focus to 'Menu'. 'Search' closes it and focuses
 * the search box of `#slot-mf-search` (another remote; {@link SEARCH_BOX_SELECTOR}). Following a link
 * publishes `analytics/track nav_header { label, link }` and closes it. Page scroll is locked while open.
 */
export function MobilePanelDialog({ menu, banner, onClose }: MobilePanelDialogProps) {
  return (
    <Dialog
      title="Menu"
      titleHidden
      variant="panel"
      side="left"
      className="mfh-drawer"
      closeLabel="Close menu"
      initialFocus={closeButton}
      onClose={() => onClose()}
      head={<PanelLogo banner={banner} />}
    >
      <PanelBody menu={menu} />
    </Dialog>
  );
}

/** The logo in the panel's head: following it closes the panel first. */
function PanelLogo({ banner }: Pick<MobilePanelDialogProps, 'banner'>) {
  const { navigate } = useHeaderRemote();
  const { close } = useDialog();
  return <Logo banner={banner} navigate={navigate ? (url) => { close(); navigate(url); } : undefined} />;
}

/** Search, the menu and the quick links. */
function PanelBody({ menu }: Pick<MobilePanelDialogProps, 'menu'>) {
  const { bus, config } = useHeaderRemote();
  // the chat embed's script, loaded on the first 'Live Chat' (RuntimeConfig.vendors)
  const chatScriptUrl = config?.vendors?.chatScriptUrl;
  const { pathname } = useLocation();
  const { close } = useDialog();

  const follow = (node: MenuNode) => {
    bus.emit('analytics/track', { event: 'nav_header', params: { label: node.label, link: node.link ?? '/' } });
    close();
  };

  /** The Live Chat quick link: close the panel (focus back on 'Menu'), then open the chat or say it is unavailable. */
  const liveChat = (node: MenuNode) => {
    follow(node);
    // after the panel is gone and focus is back on 'Menu', so the chat's own focus handling starts
    // from there and returns there when the chat closes
    setTimeout(() => void openLiveChat(bus, undefined, chatScriptUrl), 0);
  };

  const goToSearch = () => {
    close('button', { returnFocus: false });
    const box = document.querySelector<HTMLElement>(SEARCH_BOX_SELECTOR);
    if (box) {
      box.focus();
      box.scrollIntoView({ block: 'nearest' });
    }
  };

  return (
    <MenuScopeContext.Provider value={{ pathname, onFollow: follow }}>
      <div className="mfh-drawer__body">
        <button type="button" className="mfh-drawer__search" onClick={goToSearch}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Search
        </button>
        <nav className="mfh-drawer__nav" aria-label="Main menu">
          <MenuTree nodes={menu} />
        </nav>
        <nav className="mfh-drawer__quick" aria-label="Quick links">
          <ul className="mfh-menu mfh-menu--quick">
            {QUICK_LINKS.map((node) => (
              <li key={node.id} className="mfh-menu__item">
                {isLiveChatLink(node.link) ? (
                  <a className="mfh-menu__link" href={node.link ?? '/'} onClick={(e) => { e.preventDefault(); liveChat(node); }}>{node.label}</a>
                ) : (
                  <MenuLink node={node} />
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </MenuScopeContext.Provider>
  );
}
