/**
 * Standalone mode (`npm run dev`, or the built index.html) through the kit's `mountStandalone`: the
 * popup host and the loyalty pages in `#root` on the page's real bus, with the same providers and
 * error policy as under the shell; every bus event is logged to the console. There is no shell here,
 * so a demo session is published over the kit's DEMO_SESSION ('Demo Shopper'):
 * `?demo=nocard` (default: addCard popup), `?demo=unlinked` (LP01 unlinked: linkCard),
 * `?demo=ghost` (LP03: ghostCard), `?demo=linked` (LP01 linked), `?demo=lp00` (toast only).
 * BFF calls need the BFF behind `/api` (the dev server does not proxy it), so they fail here with
 * spec §8's exception message. Open `/scene` or `/verify-card` on the dev server for the pages.
 */
import { Suspense } from 'react';
import { getLocationSnapshot, PageLoading } from '@storefront/remote-kit';
import { mountStandalone } from '@storefront/remote-kit/standalone';
import type { Session } from 'shared-events';
import { PopupHost } from './components/PopupHost';
import { LoyaltyPages } from './components/LoyaltyPages';

const DEMO: Record<string, Partial<Session>> = {
  nocard: { scene: null, cardStatus: null },
  unlinked: { scene: { cardNumber: '6046000000001002', enrollmentStatus: 'ENROLLED', linkedStatus: false, info: null }, cardStatus: 'LP01' },
  ghost: { scene: { cardNumber: '6046000000001005', enrollmentStatus: 'GHOST', linkedStatus: false, info: null }, cardStatus: 'LP03' },
  linked: { scene: { cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } }, cardStatus: 'LP01' },
  lp00: { scene: { cardNumber: '6046000000001006', enrollmentStatus: 'UNKNOWN', linkedStatus: false, info: null }, cardStatus: 'LP00' },
};

const demo = DEMO[getLocationSnapshot().searchParams.get('demo') ?? 'nocard'] ?? DEMO.nocard;

mountStandalone(
  (p) => (
    <>
      <PopupHost bus={p.bus} apiBase={p.config?.apiBase} navigate={p.navigate} />
      {/* The pages load lazily: their own Suspense, so the popup host never waits for them. */}
      <Suspense fallback={<PageLoading />}>
        <LoyaltyPages bus={p.bus} apiBase={p.config?.apiBase} navigate={p.navigate} />
      </Suspense>
    </>
  ),
  { remote: 'mf-loyalty', session: demo, store: false, strict: false },
);
