import { useCallback, useId, useMemo, useReducer, useRef, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { scopeFrom, searchCombined } from '../api/queries';
import type { SearchClient } from '../api/types';
import { useSuggestions } from '../hooks/useSuggestions';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { dropdownReducer, initialDropdownState, optionCount } from '../state/dropdown';
import { cardsForWidth } from '../state/layout';
import { firstTabWithResults, go, resultsUrl, type ResultTab } from '../state/navigation';
import { MAX_QUERY_LENGTH, sanitizeQuery, toSearchText } from '../state/query';
import { SearchDropdown } from './SearchDropdown';
import './search.css';

/** Accessible name of the search input (e2e: `getByRole('combobox', { name: 'Search products and recipes' })`). */
export const SEARCH_LABEL = 'Search products and recipes';

export interface SearchBoxProps {
  client: SearchClient;
  /** The bus (default: the page's shared singleton); tests pass `createTestBus().bus`. */
  bus?: EventBus;
  config?: RuntimeConfig;
  /** In-site navigation (shell custom prop); falls back to `window.location.assign`. */
  navigate?: (url: string) => void;
  /** Initial input text (e.g. the `query` of the results page URL). */
  initialQuery?: string;
}

/**
 * The header search box with its dropdown, a WAI-ARIA combobox (spec §2 Search dropdown, §5, §9):
 * - input role=combobox named 'Search products and recipes', max 100 characters, aria-expanded,
 *   aria-controls (the suggestions listbox), aria-activedescendant (ArrowUp/ArrowDown);
 * - Enter accepts the active suggestion or submits; Escape closes the dropdown, a second Escape clears;
 * - suggestions 1000 ms after typing stops; stale answers are dropped;
 * - submitting publishes `search/submitted` and goes to `/?query=<q>&tab=<product|recipe>`.
 */
export function SearchBox({ client, bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG, navigate, initialQuery = '' }: SearchBoxProps) {
  const [state, dispatch] = useReducer(dropdownReducer, initialQuery, (q: string) => initialDropdownState(q.slice(0, MAX_QUERY_LENGTH)));
  const store = useBusState(bus.state.store);
  const session = useBusState(bus.state.session);
  const scope = useMemo(() => scopeFrom(store, session), [store, session]);
  const width = useViewportWidth();
  const counts = useMemo(() => cardsForWidth(width), [width]);
  const indices = config.search.indices;
  const text = toSearchText(state.inputValue);
  const query = sanitizeQuery(state.inputValue);

  const cancel = useSuggestions({ client, indices, text: state.status === 'idle' ? '' : text, scope, counts, dispatch });

  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = useCallback((i: number) => `${baseId}-option-${i}`, [baseId]);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const submitting = useRef(0);

  const hasOptions = state.isOpen && state.status === 'ready' && optionCount(state) > 0;
  const activeId = hasOptions && state.activeIndex >= 0 ? optionId(state.activeIndex) : undefined;

  /** Sends the shopper to the results page for `raw` (spec §2: tab of the first type with results). */
  const submit = useCallback(async (raw: string) => {
    const q = sanitizeQuery(raw);
    if (!q) return;
    const searchText = toSearchText(q);
    cancel();
    dispatch({ type: 'closed' });
    const mine = ++submitting.current;
    let tab: ResultTab = 'product';
    if (state.status === 'ready' && state.results && state.resultsText === searchText) {
      tab = firstTabWithResults({ products: state.results.products.nbHits, recipes: state.results.recipes.nbHits });
    } else {
      try {
        const r = await searchCombined(client, indices, { text: searchText, scope, products: { hitsPerPage: 1 }, recipes: { hitsPerPage: 1 } });
        tab = firstTabWithResults({ products: r.products.nbHits, recipes: r.recipes.nbHits });
      } catch {
        tab = 'product';
      }
      if (mine !== submitting.current) return; // a newer submit won
    }
    bus.emit('search/submitted', { query: q, tab });
    go(resultsUrl(q, tab), navigate);
  }, [bus, cancel, client, indices, navigate, scope, state.results, state.resultsText, state.status]);

  const pickSuggestion = useCallback((value: string) => {
    dispatch({ type: 'input/accepted', value: value.slice(0, MAX_QUERY_LENGTH) });
    void submit(value);
    inputRef.current?.focus();
  }, [submit]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        dispatch({ type: 'active/moved', delta: e.key === 'ArrowDown' ? 1 : -1 });
        break;
      case 'Enter':
        if (hasOptions && state.activeIndex >= 0) {
          e.preventDefault();
          const picked = state.results?.suggestions[state.activeIndex];
          if (picked) pickSuggestion(picked.query);
        }
        break; // otherwise the form submits
      case 'Escape':
        e.preventDefault();
        if (state.isOpen) dispatch({ type: 'closed' });
        else { cancel(); dispatch({ type: 'cleared' }); }
        break;
      default:
        break;
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(state.inputValue);
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget as Node | null;
    if (!next || !containerRef.current?.contains(next)) dispatch({ type: 'closed' });
  };

  return (
    <div className="mfs-search" ref={containerRef} onBlur={onBlur}>
      <form role="search" aria-label="Site search" className="mfs-search__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="mfs-visually-hidden">{SEARCH_LABEL}</label>
        <input
          ref={inputRef}
          id={inputId}
          className="mfs-search__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={state.isOpen}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
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
        <button type="submit" className="mfs-search__submit" aria-label="Search">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z" />
          </svg>
        </button>
      </form>
      {state.isOpen ? (
        <SearchDropdown
          state={state}
          query={query}
          counts={counts}
          storeNumber={scope.storeNumber}
          listboxId={listboxId}
          optionId={optionId}
          onPickSuggestion={pickSuggestion}
          onNavigate={(url) => { cancel(); dispatch({ type: 'closed' }); go(url, navigate); }}
          onFollow={() => dispatch({ type: 'closed' })}
        />
      ) : null}
    </div>
  );
}
