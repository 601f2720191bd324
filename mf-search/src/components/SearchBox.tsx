import { useCallback, useEffect, useId, useMemo, useReducer, useRef, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useNavigate } from '@storefront/remote-kit';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { scopeFrom, searchCombined, type CombinedResults, type SearchScope } from '../api/queries';
import type { ProductHit, RecipeHit, SearchClient } from '../api/types';
import { usePopularItems } from '../hooks/usePopularItems';
import { usePopularSearches } from '../hooks/usePopularSearches';
import { useProfanity } from '../hooks/useProfanity';
import { useRecentSearches } from '../hooks/useRecentSearches';
import { listItemId, SEARCH_ITEM_LIST, SEARCH_RECIPES_ITEM_LIST, TRACKED_RECIPES, useSearchTracking } from '../hooks/useSearchTracking';
import { useSuggestions } from '../hooks/useSuggestions';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { completionTarget } from '../state/completion';
import { dropdownReducer, initialDropdownState } from '../state/dropdown';
import { cardsForWidth } from '../state/layout';
import { firstTabWithResults, resultsUrl, type ResultTab } from '../state/navigation';
import { MAX_QUERY_LENGTH, sanitizeQuery, toSearchText } from '../state/query';
import { redirectCardFrom } from '../state/redirect';
import { SearchDropdown, type DropdownOption } from './SearchDropdown';
import './search.css';

/** Accessible name of the search input (e2e: `getByRole('combobox', { name: 'Search products and recipes' })`). */
export const SEARCH_LABEL = 'Search products and recipes';

export interface SearchBoxProps {
  client: SearchClient;
  /** The bus (default: the page's shared singleton); tests pass `createTestBus().bus`. */
  bus?: EventBus;
  config?: RuntimeConfig;
  /** Initial input text (e.g. the `query` of the results page URL). */
  initialQuery?: string;
}

const siteOrigin = () => window.location.origin;

/** Where a submit goes (spec §2): the redirect card's address, else the results page on `tab`. */
interface SubmitTarget {
  tab: ResultTab;
  redirect: string | null;
}

function submitTargetOf(results: CombinedResults, bannerCode: string): SubmitTarget {
  return {
    tab: firstTabWithResults({ products: results.products.nbHits, recipes: results.recipes.nbHits }),
    redirect: redirectCardFrom(results.products.userData, bannerCode, siteOrigin())?.redirectURL ?? null,
  };
}

/**
 * The header search box with its dropdown, a WAI-ARIA combobox (spec §2 Search dropdown, §4, §5, §7, §9):
 * - input role=combobox named 'Search products and recipes', max 100 characters, aria-expanded,
 *   aria-controls (the listbox), aria-activedescendant across the shown options (ArrowUp/ArrowDown);
 * - empty box: recent searches (removable with Delete or the × mark; labels cut at 45 characters) and
 *   popular searches, as labelled groups of one listbox;
 * - typing: suggestions 1000 ms after typing stops (`useSuggestions`: the kit's debounce and query;
 *   stale answers never shown), inline completion from 2
 *   characters accepted with Tab, product and recipe cards, an optional promotional redirect card from
 *   the engine's rules (same-origin addresses only), and a no-results view (profanity-aware wording)
 *   with carousels of the store's popular items;
 * - Enter accepts the active option or submits; Escape closes, a second Escape clears;
 * - submitting saves a recent search, publishes `search/submitted` and goes (the kit's `useNavigate`,
 *   i.e. the shell's navigate) to `/?query=<q>&tab=<product|recipe>`, or to the redirect card's
 *   address; submitted before the answer, one 1-hit query decides (the latest submit wins);
 * - Insights click/conversion events and `view_item_list` analytics (item list 7 'Search - Products';
 *   the recipes fetch with the top 2).
 */
export function SearchBox({ client, bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG, initialQuery = '' }: SearchBoxProps) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(dropdownReducer, initialQuery, (q: string) => initialDropdownState(q.slice(0, MAX_QUERY_LENGTH)));
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
  const recent = useRecentSearches(session, config.apiBase);
  const popular = usePopularSearches(state.isOpen && emptyMode, config);

  const suggestions = useSuggestions({
    client, indices, text: state.suggest ? text : '', scope, counts, userToken: tracking.userToken,
  });
  const { results } = suggestions;

  // Every answer shown: no option active, and view_item_list for its products and top recipes.
  const shown = useRef<CombinedResults | null>(null);
  useEffect(() => {
    if (!results || shown.current === results) return;
    shown.current = results;
    dispatch({ type: 'answered' });
    const priced = (h: ProductHit) => ({ ...h, price: h.storePrices?.[scope.storeNumber ?? ''] ?? h.price ?? null });
    tracking.viewItemList(SEARCH_ITEM_LIST, results.products.hits.slice(0, counts.products).map(priced), text);
    tracking.viewItemList(SEARCH_RECIPES_ITEM_LIST, results.recipes.hits.slice(0, TRACKED_RECIPES), text);
  }, [results, text, tracking, counts.products, scope.storeNumber]);

  const redirect = useMemo(
    () => (results ? redirectCardFrom(results.products.userData, scope.bannerCode, siteOrigin()) : null),
    [results, scope.bannerCode],
  );
  const noResults = !!results && !redirect && results.products.nbHits === 0 && results.recipes.nbHits === 0;
  const profane = useProfanity(text, noResults);
  const popularItems = usePopularItems(client, indices, scope, noResults);

  // Submitted before the answer: one 1-hit query decides the tab and redirect. A failure goes to the
  // product tab. Callbacks given to `mutate` run for the latest submit only.
  const { mutate: lookUpTarget, reset: dropLookup } = useMutation({
    mutationFn: async ({ searchText, scope: s, userToken }: { searchText: string; scope: SearchScope; userToken: string }): Promise<SubmitTarget> => {
      try {
        const r = await searchCombined(client, indices, { text: searchText, scope: s, products: { hitsPerPage: 1 }, recipes: { hitsPerPage: 1 }, userToken });
        return submitTargetOf(r, s.bannerCode);
      } catch {
        return { tab: 'product', redirect: null };
      }
    },
  });

  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = useCallback((i: number) => `${baseId}-option-${i}`, [baseId]);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const options: DropdownOption[] = useMemo(() => {
    if (emptyMode) {
      return [
        ...recent.items.map((r): DropdownOption => ({ kind: 'recent', id: r.id, label: r.label })),
        ...popular.map((p): DropdownOption => ({ kind: 'popular', id: p.search, label: p.search })),
      ];
    }
    return (results?.suggestions ?? []).map((s): DropdownOption => ({ kind: 'suggestion', id: s.objectID, label: s.query }));
  }, [emptyMode, recent.items, popular, results]);

  const expanded = state.isOpen && (!emptyMode || options.length > 0);
  const activeIndex = state.activeIndex < options.length ? state.activeIndex : -1;
  const activeId = expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  // Inline completion from the first suggestion (also while the next answer loads, if it still fits).
  const completionFor = expanded && !emptyMode && activeIndex === -1
    ? completionTarget(state.inputValue, (suggestions.latest?.suggestions ?? []).map((s) => s.query))
    : null;
  const completion = completionFor ? completionFor.slice(state.inputValue.length) : '';

  /** Sends the shopper to the redirect address or the results page for `raw` (spec §2). */
  const submit = useCallback((raw: string) => {
    const q = sanitizeQuery(raw);
    if (!q) return;
    const searchText = toSearchText(q);
    const answer = searchText === text ? results : null;
    dispatch({ type: 'left', keepAnswer: answer !== null });
    recent.add(q);
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
      lookUpTarget({ searchText, scope, userToken: tracking.userToken }, { onSuccess: go });
    }
  }, [bus, dropLookup, lookUpTarget, navigate, recent, results, scope, text, tracking.userToken]);

  const pickOption = useCallback((value: string) => {
    dispatch({ type: 'input/accepted', value: value.slice(0, MAX_QUERY_LENGTH) });
    submit(value);
    inputRef.current?.focus();
  }, [submit]);

  const removeRecent = useCallback((id: string) => {
    recent.remove(id);
    inputRef.current?.focus();
  }, [recent]);

  const followHit = useCallback((index: string, hit: ProductHit | RecipeHit) => {
    tracking.click(index, hit);
    dispatch({ type: 'closed' });
  }, [tracking]);

  const addToList = useCallback((hit: ProductHit) => {
    const storeNumber = scope.storeNumber ?? config.defaultStoreNumber;
    bus.emit('list/item-added', {
      itemId: listItemId(hit, storeNumber), quantity: 1,
      ...(hit.queryID ? { queryID: hit.queryID } : {}), ...(hit.position ? { position: hit.position } : {}),
    });
    tracking.conversion(indices.products, hit);
  }, [bus, config.defaultStoreNumber, indices.products, scope.storeNumber, tracking]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        dispatch({ type: 'active/moved', delta: e.key === 'ArrowDown' ? 1 : -1, count: options.length });
        break;
      case 'Enter':
        if (expanded && activeIndex >= 0) {
          e.preventDefault();
          pickOption(options[activeIndex].label);
        }
        break; // otherwise the form submits
      case 'Tab':
        if (completionFor && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
          e.preventDefault();
          dispatch({ type: 'input/changed', value: completionFor.slice(0, MAX_QUERY_LENGTH) });
        }
        break;
      case 'Delete':
        if (expanded && activeIndex >= 0 && options[activeIndex].kind === 'recent') {
          e.preventDefault();
          removeRecent(options[activeIndex].id);
        }
        break;
      case 'Escape':
        e.preventDefault();
        if (state.isOpen) dispatch({ type: 'closed' });
        else dispatch({ type: 'cleared' });
        break;
      default:
        break;
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(state.inputValue);
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget as Node | null;
    if (!next || !containerRef.current?.contains(next)) dispatch({ type: 'closed' });
  };

  return (
    <div className="mfs-search" ref={containerRef} onBlur={onBlur}>
      <form role="search" aria-label="Site search" className="mfs-search__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="mfs-visually-hidden">{SEARCH_LABEL}</label>
        <div className="mfs-search__field">
          {completion ? (
            <span className="mfs-search__ghost" aria-hidden="true" data-testid="inline-completion">
              <span className="mfs-search__ghost-typed">{state.inputValue}</span>
              <span className="mfs-search__ghost-rest">{completion}</span>
            </span>
          ) : null}
          <input
            ref={inputRef}
            id={inputId}
            className="mfs-search__input"
            type="text"
            role="combobox"
            aria-autocomplete="both"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-describedby={completion ? `${baseId}-completion` : undefined}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Search products and recipes"
            value={state.inputValue}
            onChange={(e) => dispatch({ type: 'input/changed', value: e.target.value.slice(0, MAX_QUERY_LENGTH) })}
            onKeyDown={onKeyDown}
            onFocus={() => dispatch({ type: 'opened' })}
          />
          {completion ? (
            <span id={`${baseId}-completion`} className="mfs-visually-hidden">{`Press Tab to complete: ${state.inputValue}${completion}`}</span>
          ) : null}
        </div>
        <button type="submit" className="mfs-search__submit" aria-label="Search">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z" />
          </svg>
        </button>
      </form>
      {expanded ? (
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
          onPick={pickOption}
          onRemoveRecent={removeRecent}
          onNavigate={(url) => { dispatch({ type: 'left', keepAnswer: true }); navigate(url); }}
          onFollowHit={followHit}
          onAddToList={addToList}
        />
      ) : null}
    </div>
  );
}
