import { useWaitOver } from '@storefront/remote-kit/wait';
import { useBusState, type EventBus, type Store } from 'shared-events';
import { useEngineQuery } from './useEngineQuery';
import type { SearchClient } from '../api/types';

/**
 * How long a page waits for the store selector's store before searching without one (banner only),
 * ms, once the engine has answered the probe: a first visit's default store is looked up in the
 * search engine too, and may never come.
 */
export const STORE_WAIT_MS = 5_000;

/** What {@link useStoreGate} returns. */
export interface StoreGate {
  /** The preferred store (`bus.state.store`), or null. */
  store: Store | null;
  /** The page may search: it has a store, or the engine answers and no store came in {@link STORE_WAIT_MS}. */
  ready: boolean;
  /** No store, and the engine did not answer the probe: say search is unavailable now. */
  engineDown: boolean;
  /** Asks the engine again (the unavailable message's 'Try again' while {@link engineDown}). */
  retry: () => void;
}

/**
 * The store gate of a page that searches by the preferred store (the results page, the catalogue).
 * The store comes from mf-store-selector, which looks stores up in the search engine: with the engine
 * down none ever comes, and waiting alone would leave the page saying 'Loading…'. So
 * while there is no store one tiny probe (`hitsPerPage: 0`, no analytics; react-query keyed by index,
 * so the page's remounts reuse it) asks the engine whether it answers: if not, {@link StoreGate.engineDown}
 * at once; if it does, the page waits for the store, at most {@link STORE_WAIT_MS}. A page with a
 * store (a returning shopper) sends no probe.
 */
export function useStoreGate(bus: EventBus, client: SearchClient, indexName: string): StoreGate {
  const store = useBusState(bus.state.store);
  const waitOver = useWaitOver(!store, STORE_WAIT_MS);
  const { result: probe, failed: probeFailed } = useEngineQuery({
    queryKey: ['engine-probe', indexName],
    queryFn: async () => {
      await client.search({ requests: [{ indexName, query: '', hitsPerPage: 0, analytics: false }] });
      return true;
    },
    enabled: !store,
  });
  const engineDown = !store && probeFailed;
  return {
    store,
    ready: !!store || (waitOver && probe.isSuccess),
    engineDown,
    retry: () => { void probe.refetch(); },
  };
}
