import { useMemo } from 'react';
import { useRemote } from '@storefront/remote-kit';
import { createOffersApi, type OffersApi } from '../api/offersApi';

/**
 * The given API (tests), or the real one on the custom props' `config.apiBase` (default '/api'), one
 * per page mount.
 */
export function useOffersApi(api?: OffersApi): OffersApi {
  const apiBase = useRemote().config?.apiBase ?? '/api';
  return useMemo(() => api ?? createOffersApi(apiBase), [api, apiBase]);
}
