import { keepPreviousData, useDebouncedValue } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';
import { searchCombined, type CombinedResults, type SearchScope } from '../api/queries';
import type { SearchClient } from '../api/types';
import type { CardCounts } from '../state/layout';
import { SUGGESTION_DEBOUNCE_MS } from '../state/query';
import { useEngineQuery } from '../hooks/useEngineQuery';

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
  /** Insights / analytics user token sent with the query. */
  userToken?: string;
}

/**
 * Where the dropdown's answer stands: 'idle' (nothing to fetch), 'loading' (from the keystroke until
 * the debounced answer for this text arrives), 'ready' (`results` answer this text), 'error'.
 */
export type SuggestionStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What {@link useSuggestions} gives the search box. */
export interface Suggestions {
  status: SuggestionStatus;
  /** The answer for the current text when `status` is 'ready', else null. */
  results: CombinedResults | null;
  /** The latest answer, possibly for an older text while the next one loads (inline completion), or null. */
  latest: CombinedResults | null;
}

/** One answer and the text it answers. */
interface Answer {
  text: string;
  results: CombinedResults;
}

const IDLE: Suggestions = { status: 'idle', results: null, latest: null };

/**
 * Suggestions, products and recipes for the dropdown in one combined query, 1000 ms after the text
 * last changed (spec §5, §9 suggestion debounce: the kit's `useDebouncedValue`), as a react-query
 * query keyed by text, store, banner, card counts and user token (the kit's `useQuery`). An answer
 * to an older text is never shown: the query's data always belongs to its key, and the previous
 * answer is kept only as `latest` (placeholder) while the next loads. A store or card-count change
 * keeps showing the answer for the same text until the new one arrives. Answers are reused for the
 * kit's stale time (30 s) when the same text is searched again.
 * @param options pass `text: ''` to stop (empty box, accepted text, submitted before the answer)
 */
export function useSuggestions({ client, indices, text, scope, counts, userToken }: UseSuggestionsOptions): Suggestions {
  const debounced = useDebouncedValue(text, SUGGESTION_DEBOUNCE_MS);
  const { storeNumber, bannerCode } = scope;
  const { products, recipes } = counts;
  const { result: query } = useEngineQuery({
    queryKey: ['suggest', debounced, storeNumber, bannerCode, products, recipes, userToken ?? null, indices],
    queryFn: async (): Promise<Answer> => ({
      text: debounced,
      results: await searchCombined(client, indices, {
        text: debounced,
        scope: { storeNumber, bannerCode },
        products: { hitsPerPage: products },
        recipes: { hitsPerPage: recipes },
        suggestions: SUGGESTIONS_PER_QUERY,
        userToken,
      }),
    }),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
  });

  if (!text) return IDLE;
  const answer = query.data;
  if (query.isError && debounced === text) return { status: 'error', results: null, latest: null };
  if (answer && answer.text === text) return { status: 'ready', results: answer.results, latest: answer.results };
  return { status: 'loading', results: null, latest: answer?.results ?? null };
}
