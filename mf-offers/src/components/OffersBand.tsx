import { useEffect } from 'react';
import type { EventBus } from 'shared-events';
import { createOffersApi, type OffersApi } from '../api/offersApi';
import { startOffersMatches } from '../api/offersMatches';

/**
 * The band of mf-offers (registry './spa', region 'overlay', mounted for signed-in shoppers only): it
 * renders nothing and answers the shopping-list panel's `offers/matches-requested` with
 * `offers/matches` (api/offersMatches.ts) while mounted.
 */
export function OffersBand({ bus, apiBase, api }: { bus: EventBus; apiBase?: string; api?: OffersApi }) {
  useEffect(() => startOffersMatches({ bus, api: api ?? createOffersApi(apiBase ?? '/api') }), [bus, apiBase, api]);
  return null;
}
