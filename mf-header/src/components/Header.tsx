import { useState } from 'react';
import { useBusState } from 'shared-events';
import { bannerForStore } from '../state/banner';
import { buildMenu, FALLBACK_MENU } from '../state/menu';
import { useContent } from '../hooks/useContent';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { COMPACT_HEADER_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import { Logo } from './Logo';
import { StoreLine } from './StoreLine';
import { PrimaryNav } from './PrimaryNav';
import { MobilePanel } from './MobilePanel';
import { AccountMenu } from './AccountMenu';
import { AlertBanner } from './AlertBanner';
import { Toasts } from './Toasts';
import './header.css';

/**
 * The header bar the shell places in `#slot-mf-header` (spec §1 store-specific logos, §2 Header,
 * §4 Alert banner, §9 Mobile breakpoint):
 * - the alert banner (red, dismissible, above the header band);
 * - up to 1023px: 'Menu' (the mobile panel dialog), logo, store line, account menu;
 * - from 1024px: logo, store line, the primary nav with the mega menu, account menu;
 * - the toast stack.
 * The menu comes from `GET {apiBase}/content/menu`; until it loads (or if it cannot) the primary
 * links of {@link FALLBACK_MENU} show.
 *
 * Renders no `<header>` landmark: the shell's `<header class="site-header">` wraps all slots.
 * Server state (menu content, alert) goes through the kit's `useQuery`, so it renders under the kit's
 * providers (`createRemoteLifecycles`, `mountStandalone`, or `renderWithKit` in tests); the custom
 * props (`bus`, `navigate`, `config.apiBase`) come from there too ({@link useHeaderRemote}).
 */
export function Header() {
  const { bus, navigate, apiBase } = useHeaderRemote();
  const store = useBusState(bus.state.store);
  const banner = bannerForStore(store);
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);
  const content = useContent(apiBase, 'menu', buildMenu);
  const menu = content.status === 'ready' && content.data.length > 0 ? content.data : FALLBACK_MENU;
  const [bar, setBar] = useState<HTMLDivElement | null>(null);

  return (
    <div className={`mfh-bar mfh-bar--${banner.code}${compact ? ' mfh-bar--compact' : ''}`} data-banner={banner.code} ref={setBar}>
      <AlertBanner anchor={bar} />
      {compact && <MobilePanel menu={menu} banner={banner} />}
      <div className="mfh-brand">
        <Logo banner={banner} navigate={navigate} />
        <StoreLine store={store} />
      </div>
      {!compact && <PrimaryNav menu={menu} />}
      <AccountMenu />
      <Toasts />
    </div>
  );
}
