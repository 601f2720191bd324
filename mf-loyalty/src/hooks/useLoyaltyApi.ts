import { useMemo } from 'react';
import type { EventBus } from 'shared-events';
import { createLoyaltyApi, type LoyaltyApi } from '../api/loyaltyApi';

/**
 * What the popup host and the Scene+ pages take: the single-spa custom props they use (RemoteProps
 * `bus`, `config.apiBase`, `navigate`) and the tests' doubles.
 */
export interface LoyaltyProps {
  /** The page's bus. Default: the shared singleton. */
  bus?: EventBus;
  /** BFF base path (RuntimeConfig.apiBase). Default '/api'. */
  apiBase?: string;
  /** Replaces the real Scene+ API (tests). */
  api?: LoyaltyApi;
  /** In-site navigation (the shell's single-spa `navigateToUrl`); without it `location.assign`. */
  navigate?: (url: string) => void;
  /** Clock, epoch ms (tests use fake timers). Default `Date.now`. */
  now?: () => number;
}

/** The Scene+ BFF calls over `apiBase` ({@link createLoyaltyApi}), or the tests' double; one per base path. */
export function useLoyaltyApi(apiBase: string, api?: LoyaltyApi): LoyaltyApi {
  return useMemo(() => api ?? createLoyaltyApi(apiBase), [api, apiBase]);
}
