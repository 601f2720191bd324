import { bus as sharedBus, useBusState, type EventBus } from 'shared-events';
import { bannerForStore } from '../state/banner';
import { Logo } from './Logo';
import { StoreLine } from './StoreLine';
import { PrimaryNav } from './PrimaryNav';
import { AccountMenu } from './AccountMenu';
import { Toasts } from './Toasts';
import './header.css';

export interface HeaderProps {
  /** The page's bus; tests pass `createTestBus().bus`. Default: the shared singleton. */
  bus?: EventBus;
  /** Navigate without reload (RemoteProps.navigate). Without it links do full page loads. */
  navigate?: (url: string) => void;
}

/**
 * The header bar the shell places in `#slot-mf-header` (spec §1 store-specific logos, §2 Header):
 * banner logo (co-op variant by store name, live on `store/changed`), 'Shopping at <store>',
 * primary links, account trigger, and the toast stack.
 *
 * Renders no `<header>` landmark: the shell's `<header class="site-header">` wraps all slots.
 */
export function Header({ bus = sharedBus, navigate }: HeaderProps) {
  const store = useBusState(bus.state.store);
  const banner = bannerForStore(store);
  return (
    <div className={`mfh-bar mfh-bar--${banner.code}`} data-banner={banner.code}>
      <div className="mfh-brand">
        <Logo banner={banner} navigate={navigate} />
        <StoreLine bus={bus} store={store} />
      </div>
      <PrimaryNav bus={bus} navigate={navigate} />
      <AccountMenu bus={bus} />
      <Toasts bus={bus} />
    </div>
  );
}
