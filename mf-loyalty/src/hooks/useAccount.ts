import { useMemo } from 'react';
import { useBusState, type EventBus } from 'shared-events';
import { createAccountApi, type AccountApi } from '../api/accountApi';
import { isSignedIn } from '../state/signedIn';

/** The account pages' query options: read once per visit, no retry (spec §8 shows the failure). */
export const ACCOUNT_QUERY = { retry: false, staleTime: 0, refetchOnReconnect: false } as const;

/**
 * What both account pages start from: the account API (the real one over `apiBase`, or the tests'),
 * the session and whether the shopper is signed in (`loggedIn && uid`).
 */
export function useAccount(bus: EventBus, apiBase: string, apiProp?: AccountApi) {
  const api = useMemo(() => apiProp ?? createAccountApi(apiBase), [apiProp, apiBase]);
  const session = useBusState(bus.state.session);
  return { api, session, signedIn: isSignedIn(session) };
}
