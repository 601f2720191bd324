import { lazyPage, useLocation } from '@storefront/remote-kit';
import type { EventBus } from 'shared-events';
import type { AccountApi } from '../api/accountApi';
import type { LoyaltyApi } from '../api/loyaltyApi';
import './loyalty.css';

/** `/scene`, its own chunk (loaded on that route only). */
const ScenePage = lazyPage(() => import('./ScenePage'), 'ScenePage');
/** `/verify-card`, its own chunk (loaded on that route only). */
const VerifyCardPage = lazyPage(() => import('./VerifyCardPage'), 'VerifyCardPage');
/** `/my-profile`, its own chunk. */
const MyProfilePage = lazyPage(() => import('./MyProfilePage'), 'MyProfilePage');
/** `/preferences-centre`, its own chunk. */
const PreferencesCentrePage = lazyPage(() => import('./PreferencesCentrePage'), 'PreferencesCentrePage');

/** Props of {@link LoyaltyPages}: the single-spa custom props it uses, and test doubles. */
export interface LoyaltyPagesProps {
  bus?: EventBus;
  /** BFF base path (RuntimeConfig.apiBase, normally '/api'). */
  apiBase?: string;
  /** Replaces the real API (tests). */
  api?: LoyaltyApi;
  /** Replaces the real account API of /my-profile and /preferences-centre (tests). */
  accountApi?: AccountApi;
  /** In-site navigation (the shell's single-spa `navigateToUrl`). */
  navigate?: (url: string) => void;
}

/**
 * The route-owned pages of mf-loyalty ('./pages', mounted by the shell into `#slot-page` on
 * `/verify-card`, `/scene`, `/my-profile` and `/preferences-centre`, spec §2 Routes). Reads the URL with the kit's `useLocation()`; a
 * trailing slash is ignored; any other path renders nothing. The pages are lazy (`lazyPage`): render
 * this under a Suspense boundary (the kit's lifecycles and providers have one).
 */
export function LoyaltyPages({ bus, apiBase, api, accountApi, navigate }: LoyaltyPagesProps) {
  const { pathname, search } = useLocation();
  const route = pathname.replace(/\/+$/, '') || '/';
  if (route === '/verify-card') return <VerifyCardPage bus={bus} apiBase={apiBase} api={api} navigate={navigate} search={search} />;
  if (route === '/scene') return <ScenePage bus={bus} apiBase={apiBase} api={api} />;
  if (route === '/my-profile') return <MyProfilePage bus={bus} apiBase={apiBase} api={accountApi} navigate={navigate} />;
  if (route === '/preferences-centre') return <PreferencesCentrePage bus={bus} apiBase={apiBase} api={accountApi} />;
  return null;
}
