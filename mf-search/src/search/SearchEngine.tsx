import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type Dispatch, type RefObject } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { useBusState } from 'shared-events';
import { scopeFrom, type CombinedResults } from '../api/queries';
import type { ProductHit, RecipeHit } from '../api/types';
import { useSearchApp } from '../components/appClient';
import { usePopularItems } from '../hooks/usePopularItems';
import { usePopularSearches } from './usePopularSearches';
import { useProfanity } from '../hooks/useProfanity';
import { useRecentSearches } from './useRecentSearches';
import { useAddToList } from '../hooks/useAddToList';
import { SEARCH_ITEM_LIST, SEARCH_RECIPES_ITEM_LIST, TRACKED_RECIPES, useSearchTracking, type SearchTracking } from '../hooks/useSearchTracking';
import { useSuggestions } from './useSuggestions';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { completionTarget } from '../state/completion';
import type { DropdownAction, DropdownState } from '../state/dropdown';
import { cardsForWidth } from '../state/layout';
import { MAX_QUERY_LENGTH, sanitizeQuery, toSearchText } from '../state/query';
import { redirectCardFrom } from '../state/redirect';
import { SearchDropdown, type DropdownOption } from './SearchDropdown';
import { siteOrigin, useSearchSubmit } from './useSearchSubmit';

/**
 * What the always-loaded search box (`SearchBox`) needs from the engine to render its input and
 * handle keys: published on every change (before paint), null before the engine is there.
 */
export interface SearchController {
  /** The input text this view was computed for. */
  inputValue: string;
  /** The dropdown is shown (the input's aria-expanded). */
  expanded: boolean;
  /** Index of the active option, -1 = none. */
  activeIndex: number;
  /** The options the arrow keys move through, in order. */
  options: readonly DropdownOption[];
  /** The suggestion Tab accepts (inline completion), or null. */
  completionFor: string | null;
  /** Submits `raw` (spec §2): recent search, `search/submitted`, results page or redirect address. */
  submit(raw: string): void;
  /** Takes an option's text and submits it. */
  pick(label: string): void;
  /** Removes a recent search. */
  removeRecent(id: string): void;
}

export interface SearchEngineProps {
  /** The box's state, owned by `SearchBox` (so nothing typed before the engine arrived is lost). */
  state: DropdownState;
  dispatch: Dispatch<DropdownAction>;
  listboxId: string;
  optionId: (i: number) => string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Receives the controller whenever it changes, and null when the engine unmounts. */
  onController: (controller: SearchController | null) => void;
  /** The text of a submit made before the engine was there (Enter while it loaded), taken once. */
  takePendingSubmit: () => string | null;
}

/** The kit's navigate with a stable identity (the kit returns a new function per render). */
function useStableNavigate(): (to: string) => void {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => { latest.current = navigate; }, [navigate]);
  return useCallback((to: string) => latest.current(to), []);
}

/**
 * The search box's engine and dropdown, in their own chunk (paint first: loaded on the box's first focus
 * or hover, see `SearchBox`): suggestions (`useSuggestions`: the kit's debounce and query, stale
 * answers never shown), recent and popular searches, inline completion, product and recipe cards,
 * the promotional redirect card (same-origin addresses only), the no-results view (profanity-aware)
 * with popular items, submitting (a 1-hit query decides tab and redirect when the answer is not
 * shown yet; the latest submit wins), Insights events and `view_item_list` analytics.
 * It renders the dropdown under the box; the input itself stays in `SearchBox`. Search client, bus and
 * config: the app's (`useSearchApp`).
 */
export function SearchEngine({ state, dispatch, listboxId, optionId, inputRef, onController, takePendingSubmit }: SearchEngineProps) {
  const { client, bus, config } = useSearchApp();
  const navigate = useStableNavigate();
  const store = useBusState(bus.state.store);
  const session = useBusState(bus.state.session);
  const scope = useMemo(() => scopeFrom(store), [store]);
  const width = useViewportWidth();
  const counts = useMemo(() => cardsForWidth(width), [width]);
  const indices = config.search.indices;
  const text = toSearchText(state.inputValue);
  const query = sanitizeQuery(state.inputValue);
  const emptyMode = text === '';
  const tracking = useSearchTracking(bus, config, session);
  const { items: recentItems, add: addRecent, remove: dropRecent } = useRecentSearches(session, config.apiBase);
  const popular = usePopularSearches(state.isOpen && emptyMode, config);

  // Typing: the search client's library loads while the suggestion debounce runs.
  useEffect(() => {
    if (!emptyMode) client.warmUp?.();
  }, [client, emptyMode]);

  const suggestions = useSuggestions({
    client, indices, text: state.suggest ? text : '', scope, counts, userToken: tracking.userToken,
  });
  const { results } = suggestions;

  useAnswerShown(results, { text, tracking, productCount: counts.products, storeNumber: scope.storeNumber, dispatch });

  const redirect = useMemo(
    () => (results ? redirectCardFrom(results.products.userData, scope.bannerCode, siteOrigin()) : null),
    [results, scope.bannerCode],
  );
  const noResults = !!results && !redirect && results.products.nbHits === 0 && results.recipes.nbHits === 0;
  const profane = useProfanity(text, noResults);
  const popularItems = usePopularItems(client, indices, scope, noResults);

  const options: DropdownOption[] = useMemo(() => {
    if (emptyMode) {
      return [
        ...recentItems.map((r): DropdownOption => ({ kind: 'recent', id: r.id, label: r.label })),
        ...popular.map((p): DropdownOption => ({ kind: 'popular', id: p.search, label: p.search })),
      ];
    }
    return (results?.suggestions ?? []).map((s): DropdownOption => ({ kind: 'suggestion', id: s.objectID, label: s.query }));
  }, [emptyMode, recentItems, popular, results]);

  const expanded = state.isOpen && (!emptyMode || options.length > 0);
  const activeIndex = state.activeIndex < options.length ? state.activeIndex : -1;

  // Inline completion from the first suggestion (also while the next answer loads, if it still fits).
  const completionFor = expanded && !emptyMode && activeIndex === -1
    ? completionTarget(state.inputValue, (suggestions.latest?.suggestions ?? []).map((s) => s.query))
    : null;

  const submit = useSearchSubmit({
    client, indices, bus, navigate, dispatch, addRecent, results, text, scope, userToken: tracking.userToken,
  });

  const pick = useCallback((value: string) => {
    dispatch({ type: 'input/accepted', value: value.slice(0, MAX_QUERY_LENGTH) });
    submit(value);
    inputRef.current?.focus();
  }, [dispatch, inputRef, submit]);

  const removeRecent = useCallback((id: string) => {
    dropRecent(id);
    inputRef.current?.focus();
  }, [dropRecent, inputRef]);

  const followHit = useCallback((index: string, hit: ProductHit | RecipeHit) => {
    tracking.click(index, hit);
    dispatch({ type: 'closed' });
  }, [dispatch, tracking]);

  const addToList = useAddToList(bus, config, scope.storeNumber, tracking, indices.products);

  const onNavigate = useCallback((url: string) => {
    dispatch({ type: 'left', keepAnswer: true });
    navigate(url);
  }, [dispatch, navigate]);

  // The box renders its input from this; published before paint so input and dropdown agree.
  const controller = useMemo<SearchController>(() => ({
    inputValue: state.inputValue, expanded, activeIndex, options, completionFor, submit, pick, removeRecent,
  }), [state.inputValue, expanded, activeIndex, options, completionFor, submit, pick, removeRecent]);
  useLayoutEffect(() => { onController(controller); }, [controller, onController]);
  useLayoutEffect(() => () => onController(null), [onController]);

  // Enter pressed while the engine loaded: that search is submitted now (once).
  const submitRef = useRef(submit);
  useLayoutEffect(() => { submitRef.current = submit; }, [submit]);
  useEffect(() => {
    const pending = takePendingSubmit();
    if (pending !== null) submitRef.current(pending);
  }, [takePendingSubmit]);

  if (!expanded) return null;
  return (
    <SearchDropdown
      status={suggestions.status}
      results={results}
      emptyMode={emptyMode}
      options={options}
      activeIndex={activeIndex}
      query={query}
      counts={counts}
      storeNumber={scope.storeNumber}
      listboxId={listboxId}
      optionId={optionId}
      redirect={redirect}
      noResults={noResults}
      profane={profane}
      popularItems={popularItems}
      indices={indices}
      onPick={pick}
      onRemoveRecent={removeRecent}
      onNavigate={onNavigate}
      onFollowHit={followHit}
      onAddToList={addToList}
    />
  );
}

/**
 * Every answer shown: no option active, and `view_item_list` for its products (priced for the store)
 * and top recipes.
 */
function useAnswerShown(results: CombinedResults | null, o: {
  text: string; tracking: SearchTracking; productCount: number; storeNumber: string | null; dispatch: Dispatch<DropdownAction>;
}) {
  const { text, tracking, productCount, storeNumber, dispatch } = o;
  const shown = useRef<CombinedResults | null>(null);
  useEffect(() => {
    if (!results || shown.current === results) return;
    shown.current = results;
    dispatch({ type: 'answered' });
    const priced = (h: ProductHit) => ({ ...h, price: h.storePrices?.[storeNumber ?? ''] ?? h.price ?? null });
    tracking.viewItemList(SEARCH_ITEM_LIST, results.products.hits.slice(0, productCount).map(priced), text);
    tracking.viewItemList(SEARCH_RECIPES_ITEM_LIST, results.recipes.hits.slice(0, TRACKED_RECIPES), text);
  }, [results, text, tracking, productCount, storeNumber, dispatch]);
}
