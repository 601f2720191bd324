/** Query keys and retry policy of the pages (one kit QueryClient per mounted app). */
import { OffersError } from './offersApi';

/** GET /api/offers of one shopper. */
export const offersKey = (uid: string | null) => ['mf-offers', 'offers', uid] as const;
/** GET /api/offers/favourites of one shopper. */
export const favouritesKey = (uid: string | null) => ['mf-offers', 'favourites', uid] as const;
/** GET /api/offers?hash= of one link. */
export const linkKey = (hash: string) => ['mf-offers', 'link', hash] as const;

/** Retry once, only failures that may pass (network, 5xx); never no-card, 401 or other 4xx answers. */
export const retryTransient = (count: number, error: unknown) => error instanceof OffersError && error.kind === 'error' && count < 1;
