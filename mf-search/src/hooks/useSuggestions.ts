import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { RuntimeConfig } from 'shared-events';
import { searchCombined, type CombinedResults, type SearchScope } from '../api/queries';
import type { SearchClient } from '../api/types';
import type { DropdownAction } from '../state/dropdown';
import type { CardCounts } from '../state/layout';
import { SUGGESTION_DEBOUNCE_MS } from '../state/query';

/** Query suggestions asked for per dropdown query. */
export const SUGGESTIONS_PER_QUERY = 6;

export interface UseSuggestionsOptions {
  client: SearchClient;
  indices: RuntimeConfig['search']['indices'];
  /** The search text (sanitised, digits rule applied: `toSearchText`); '' = nothing to fetch. */
  text: string;
  scope: SearchScope;
  /** Cards to request per group (from `cardsForWidth`). */
  counts: CardCounts;
  dispatch: Dispatch<DropdownAction>;
  /** Insights / analytics user token sent with the query. */
  userToken?: string;
  /** Called with every answer that is shown (analytics: view_item_list). */
  onAnswer?: (text: string, results: CombinedResults) => void;
}

/**
 * Fetches suggestions, products and recipes for the dropdown in one combined query, 1000 ms after the
 * text last changed (spec §5, §9 suggestion debounce). Every scheduled query takes a sequence number;
 * a response is dispatched only if no newer query was scheduled since, so a slow answer to an older
 * text is never shown.
 * @returns `cancel()` — drops the pending timer and any in-flight answer (used on submit).
 */
export function useSuggestions({ client, indices, text, scope, counts, dispatch, userToken, onAnswer }: UseSuggestionsOptions): () => void {
  const seq = useRef(0);
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => { onAnswerRef.current = onAnswer; });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { storeNumber, bannerCode } = scope;
  const { products, recipes } = counts;

  const cancel = useCallback(() => {
    seq.current += 1;
    clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    const mine = ++seq.current;
    if (!text) return undefined;
    timer.current = setTimeout(() => {
      searchCombined(client, indices, {
        text,
        scope: { storeNumber, bannerCode },
        products: { hitsPerPage: products },
        recipes: { hitsPerPage: recipes },
        suggestions: SUGGESTIONS_PER_QUERY,
        userToken,
      }).then(
        (results) => {
          if (mine !== seq.current) return;
          dispatch({ type: 'search/succeeded', text, results });
          onAnswerRef.current?.(text, results);
        },
        () => { if (mine === seq.current) dispatch({ type: 'search/failed', text }); },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [client, indices, text, storeNumber, bannerCode, products, recipes, dispatch, userToken]);

  return cancel;
}
