/**
 * Standalone mode (`npm run dev`, or the built index.html) through the kit's `mountStandalone`: the
 * band and the pages in `#root` on the page's real bus, the same providers and error policy as under
 * the shell; every bus event is logged to the console. There is no shell here, so a demo session is
 * published over the kit's DEMO_SESSION: `?demo=linked` (default: Lena's card, LP01), `?demo=nocard`,
 * `?demo=lp00`, `?demo=signedout`. Open `/offers`, `/offers?hash=…` or `/favourites` on the dev server.
 * BFF calls need the BFF behind `/api` (the dev server does not proxy it): without it the pages show
 * spec §8's exception message.
 */
import { Suspense } from 'react';
import { getLocationSnapshot, PageLoading } from '@storefront/remote-kit';
import { mountStandalone } from '@storefront/remote-kit/standalone';
import type { Session } from 'shared-events';
import { OffersBand } from './components/OffersBand';
import { OffersPages } from './components/OffersPages';

const DEMO: Record<string, Partial<Session> | false> = {
  linked: { scene: { cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } }, cardStatus: 'LP01' },
  nocard: { scene: null, cardStatus: null },
  lp00: { scene: { cardNumber: '6046000000001006', enrollmentStatus: 'UNKNOWN', linkedStatus: false, info: null }, cardStatus: 'LP00' },
  signedout: false,
};

const demo = DEMO[getLocationSnapshot().searchParams.get('demo') ?? 'linked'] ?? DEMO.linked;

mountStandalone(
  (p) => (
    <>
      <OffersBand bus={p.bus} apiBase={p.config?.apiBase} />
      <Suspense fallback={<PageLoading />}>
        <OffersPages />
      </Suspense>
    </>
  ),
  { remote: 'mf-offers', session: demo, store: false, strict: false },
);
