import { useCallback, type Dispatch } from 'react';
import { useMutation } from '@storefront/remote-kit';
import type { EventBus, RuntimeConfig } from 'shared-events';
import { searchCombined, type CombinedResults, type SearchScope } from '../api/queries';
import type { SearchClient } from '../api/types';
import type { DropdownAction } from '../state/dropdown';
import { firstTabWithResults, resultsUrl, type ResultTab } from '../state/navigation';
import { sanitizeQuery, toSearchText } from '../state/query';
import { redirectCardFrom } from '../state/redirect';

/** The page's origin: redirect cards only go to addresses on it. */
export const siteOrigin = () => window.location.origin;

/** Where a submit goes (spec §2): the redirect card's address, else the results page on `tab`. */
export interface SubmitTarget {
  tab: ResultTab;
  redirect: string | null;
}

export function submitTargetOf(results: CombinedResults, bannerCode: string): SubmitTarget {
  return {
    tab: firstTabWithResults({ products: results.products.nbHits, recipes: results.recipes.nbHits }),
    redirect: redirectCardFrom(results.products.userData, bannerCode, siteOrigin())?.redirectURL ?? null,
  };
}

/** What {@link useSearchSubmit} needs. */
export interface SearchSubmitOptions {
  client: SearchClient;
  indices: RuntimeConfig['search']['indices'];
  bus: EventBus;
  navigate: (to: string) => void;
  dispatch: Dispatch<DropdownAction>;
  /** Saves a recent search. */
  addRecent: (query: string) => void;
  /** The answer shown for `text`, or null. */
  results: CombinedResults | null;
  /** The search text of the box. */
  text: string;
  scope: SearchScope;
  userToken: string;
}

/**
 * Submitting the box (spec §2): saves a recent search, then goes to the redirect card's address, or
 * publishes `search/submitted` and goes to `/?query=<q>&tab=<first tab with results>`. Submitted
 * before the answer, one 1-hit query decides the tab and redirect (a failure goes to the product
 * tab); callbacks given to `mutate` run for the latest submit only.
 * @returns `submit(raw)`; an empty query after sanitising does nothing
 */
export function useSearchSubmit(o: SearchSubmitOptions): (raw: string) => void {
  const { client, indices, bus, navigate, dispatch, addRecent, results, text, scope, userToken } = o;
  const { mutate: lookUpTarget, reset: dropLookup } = useMutation({
    mutationFn: async ({ searchText, scope: s, token }: { searchText: string; scope: SearchScope; token: string }): Promise<SubmitTarget> => {
      try {
        const r = await searchCombined(client, indices, { text: searchText, scope: s, products: { hitsPerPage: 1 }, recipes: { hitsPerPage: 1 }, userToken: token });
        return submitTargetOf(r, s.bannerCode);
      } catch {
        return { tab: 'product', redirect: null };
      }
    },
  });

  return useCallback((raw: string) => {
    const q = sanitizeQuery(raw);
    if (!q) return;
    const searchText = toSearchText(q);
    const answer = searchText === text ? results : null;
    dispatch({ type: 'left', keepAnswer: answer !== null });
    addRecent(q);
    const go = ({ tab, redirect: to }: SubmitTarget) => {
      if (to) {
        navigate(to);
        return;
      }
      bus.emit('search/submitted', { query: q, tab });
      navigate(resultsUrl(q, tab));
    };
    if (answer) {
      dropLookup(); // an older submit still waiting for its lookup must not navigate after this one
      go(submitTargetOf(answer, scope.bannerCode));
    } else {
      lookUpTarget({ searchText, scope, token: userToken }, { onSuccess: go });
    }
  }, [addRecent, bus, dispatch, dropLookup, lookUpTarget, navigate, results, scope, text, userToken]);
}
