import { useState } from 'react';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusState, type EventBus } from 'shared-events';
import { bannerForStore } from '../state/banner';
import { buildMenu, FALLBACK_MENU } from '../state/menu';
import { useContent } from '../hooks/useContent';
import { COMPACT_HEADER_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import { Logo } from './Logo';
import { StoreLine } from './StoreLine';
import { PrimaryNav } from './PrimaryNav';
import { MobilePanel } from './MobilePanel';
import { AccountMenu } from './AccountMenu';
import { AlertBanner } from './AlertBanner';
import { Toasts } from './Toasts';
import './header.css';

export interface HeaderProps {
  /** The page's bus; tests pass `createTestBus().bus`. Default: the shared singleton. */
  bus?: EventBus;
  /** Navigate without reload (RemoteProps.navigate). Without it links do full page loads. */
  navigate?: (url: string) => void;
  /** RuntimeConfig.apiBase (BFF base path). Default '/api'. */
  apiBase?: string;
}

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
 * providers (`createRemoteLifecycles`, `mountStandalone`, or `renderWithKit` in tests).
 */
export function Header({ bus = sharedBus, navigate, apiBase = DEFAULT_RUNTIME_CONFIG.apiBase }: HeaderProps) {
  const store = useBusState(bus.state.store);
  const banner = bannerForStore(store);
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);
  const content = useContent(apiBase, 'menu', buildMenu);
  const menu = content.status === 'ready' && content.data.length > 0 ? content.data : FALLBACK_MENU;
  const [bar, setBar] = useState<HTMLDivElement | null>(null);

  return (
    <div className={`mfh-bar mfh-bar--${banner.code}${compact ? ' mfh-bar--compact' : ''}`} data-banner={banner.code} ref={setBar}>
      <AlertBanner bus={bus} apiBase={apiBase} navigate={navigate} anchor={bar} />
      {compact && <MobilePanel bus={bus} navigate={navigate} menu={menu} banner={banner} />}
      <div className="mfh-brand">
        <Logo banner={banner} navigate={navigate} />
        <StoreLine bus={bus} store={store} />
      </div>
      {!compact && <PrimaryNav bus={bus} navigate={navigate} menu={menu} />}
      <AccountMenu bus={bus} navigate={navigate} />
      <Toasts bus={bus} />
    </div>
  );
}
