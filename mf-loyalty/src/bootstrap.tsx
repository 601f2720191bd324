/**
 * Standalone mode (`npm run dev`, or the built index.html): mounts the popup host and the loyalty
 * pages into `#root` with the page's real bus. There is no shell here, so a demo session is
 * published: `?demo=nocard` (default: addCard popup), `?demo=unlinked` (LP01 unlinked: linkCard),
 * `?demo=ghost` (LP03: ghostCard), `?demo=linked` (LP01 linked), `?demo=lp00` (toast only).
 * BFF calls need the BFF behind `/api` (the dev server does not proxy it), so they fail here with
 * spec §8's exception message. Open `/scene` or `/verify-card` on the dev server for the pages.
 */
import { createRoot } from 'react-dom/client';
import { bus, DEFAULT_RUNTIME_CONFIG, type Session } from 'shared-events';
import { PopupHost } from './components/PopupHost';
import { LoyaltyPages } from './pages/LoyaltyPages';

const DEMO: Record<string, Partial<Session>> = {
  nocard: { scene: null, cardStatus: null },
  unlinked: { scene: { cardNumber: '6046000000001002', enrollmentStatus: 'ENROLLED', linkedStatus: false, info: null }, cardStatus: 'LP01' },
  ghost: { scene: { cardNumber: '6046000000001005', enrollmentStatus: 'GHOST', linkedStatus: false, info: null }, cardStatus: 'LP03' },
  linked: { scene: { cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } }, cardStatus: 'LP01' },
  lp00: { scene: { cardNumber: '6046000000001006', enrollmentStatus: 'UNKNOWN', linkedStatus: false, info: null }, cardStatus: 'LP00' },
};

const root = document.getElementById('root');
if (root) {
  const navigate = (url: string) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  const apiBase = DEFAULT_RUNTIME_CONFIG.apiBase;
  createRoot(root).render(
    <>
      <PopupHost bus={bus} apiBase={apiBase} navigate={navigate} />
      <LoyaltyPages bus={bus} apiBase={apiBase} navigate={navigate} />
    </>,
  );
  const demo = DEMO[new URLSearchParams(window.location.search).get('demo') ?? 'nocard'] ?? DEMO.nocard;
  bus.emit('session/changed', {
    uid: 'u-demo', loggedIn: true, isLoading: false, profile: { firstName: 'Demo', lastName: 'Shopper' },
    id_token: null, scene: null, cardStatus: null, product: { storeId: '3299', bannerCode: 'standard' }, subscribed: false,
    ...demo,
  });
  // Standalone only: log what mf-loyalty publishes, so a developer sees it working.
  bus.events$.subscribe((e) => console.info('[mf-loyalty standalone] bus event', e.type, e.payload));
}
