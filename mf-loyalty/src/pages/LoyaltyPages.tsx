import type { EventBus } from 'shared-events';
import type { LoyaltyApi } from '../api/loyaltyApi';
import { useCurrentUrl } from '../state/useCurrentPath';
import { ScenePage } from './ScenePage';
import { VerifyCardPage } from './VerifyCardPage';
import '../components/loyalty.css';

export interface LoyaltyPagesProps {
  bus?: EventBus;
  apiBase?: string;
  api?: LoyaltyApi;
  navigate?: (url: string) => void;
}

/**
 * The route-owned pages of mf-loyalty ('./pages', mounted by the shell into `#slot-page` on
 * `/verify-card` and `/scene`, spec §2 Routes). Reads the path itself.
 */
export function LoyaltyPages({ bus, apiBase, api, navigate }: LoyaltyPagesProps) {
  const { path, search } = useCurrentUrl();
  const route = path.replace(/\/+$/, '') || '/';
  if (route === '/verify-card') return <VerifyCardPage bus={bus} apiBase={apiBase} api={api} navigate={navigate} search={search} />;
  if (route === '/scene') return <ScenePage bus={bus} apiBase={apiBase} api={api} />;
  return null;
}
