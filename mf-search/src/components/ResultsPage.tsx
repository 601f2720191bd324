import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusState, type EventBus, type RuntimeConfig, type Store } from 'shared-events';
import { scopeFrom, searchCombined, type CombinedResults } from '../api/queries';
import type { SearchClient } from '../api/types';
import { useLocationSearch } from '../hooks/useLocationSearch';
import { parseResultsLocation, resultsUrl, type ResultTab } from '../state/navigation';
import { sanitizeQuery, toSearchText } from '../state/query';
import { ProductCard, RecipeCard } from './Cards';
import { Pagination } from './Pagination';
import './search.css';

/** Results per page on the results page. */
export const RESULTS_PER_PAGE = 24;

/** Spec §8 "Exception during a call". */
export const RESULTS_ERROR = 'Something went wrong. please try later.';

export interface ResultsPageProps {
  client: SearchClient;
  bus?: EventBus;
  config?: RuntimeConfig;
  /** In-site navigation (pushState + single-spa reroute); fallback: history.pushState + popstate. */
  navigate?: (url: string) => void;
}

type Fetched =
  | { key: string; store: Store; status: 'ready'; data: CombinedResults }
  | { key: string; store: Store; status: 'error' };

const TABS: ReadonlyArray<{ tab: ResultTab; label: string; noun: string }> = [
  { tab: 'product', label: 'Products', noun: 'products' },
  { tab: 'recipe', label: 'Recipes', noun: 'recipes' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The search results page (spec §2 Routes: `/` with `query` and `tab`). Reads `query` and `tab` from
 * the URL (following popstate and single-spa route changes); shows `Results for “<query>”`, a tablist
 * 'Products (N)' / 'Recipes (M)' whose counts come from one multi-index query, the active tab's grid
 * with 24 per page and 'Previous'/'Next' + 'Page X of Y', and announces counts in a polite role=status.
 * Products are filtered by the preferred store and banner, so it waits for a store (loading) and
 * re-queries whenever the bus store state changes (`store/changed`).
 */
export function ResultsPage({ client, bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG, navigate }: ResultsPageProps) {
  const [search, refreshLocation] = useLocationSearch();
  const { query: rawQuery, tab } = parseResultsLocation(search);
  const query = sanitizeQuery(rawQuery);
  const text = toSearchText(query);
  const store = useBusState(bus.state.store);
  const session = useBusState(bus.state.session);
  const scope = useMemo(() => scopeFrom(store, session), [store, session]);
  const indices = config.search.indices;

  // Page resets whenever the query, tab or store changes.
  const pageKey = `${text}|${tab}|${scope.storeNumber}|${scope.bannerCode}`;
  const [pageState, setPageState] = useState({ key: pageKey, page: 0 });
  const page = pageState.key === pageKey ? pageState.page : 0;
  const [attempt, setAttempt] = useState(0);

  // One fetch per (query, tab, page, retry) and per store object: every store/changed gives a new one.
  const fetchKey = `${pageKey}|${page}|${attempt}`;
  const [fetched, setFetched] = useState<Fetched | null>(null);

  useEffect(() => {
    if (!store || !text) return undefined;
    let live = true;
    searchCombined(client, indices, {
      text,
      scope,
      products: { hitsPerPage: RESULTS_PER_PAGE, page: tab === 'product' ? page : 0 },
      recipes: { hitsPerPage: RESULTS_PER_PAGE, page: tab === 'recipe' ? page : 0 },
    }).then(
      (data) => { if (live) setFetched({ key: fetchKey, store, status: 'ready', data }); },
      () => { if (live) setFetched({ key: fetchKey, store, status: 'error' }); },
    );
    return () => { live = false; };
  }, [client, indices, fetchKey, store, text, scope, tab, page]);

  const current = fetched && fetched.key === fetchKey && fetched.store === store ? fetched : null;
  const loading = !!text && (!store || current === null);
  const data = current?.status === 'ready' ? current.data : null;

  const baseId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabRefs = useRef<Record<ResultTab, HTMLButtonElement | null>>({ product: null, recipe: null });

  const selectTab = (next: ResultTab, focus = false) => {
    if (focus) tabRefs.current[next]?.focus();
    if (next === tab) return;
    const url = resultsUrl(query, next);
    if (navigate) navigate(url);
    else {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }
    refreshLocation();
  };

  const onTabKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((t) => t.tab === tab);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (i + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    selectTab(TABS[next].tab, true);
  };

  const changePage = (p: number) => {
    setPageState({ key: pageKey, page: p });
    headingRef.current?.focus();
    if (typeof window.scrollTo === 'function' && !/jsdom/i.test(navigator.userAgent)) window.scrollTo({ top: 0 });
  };

  if (!query) {
    return (
      <section className="mfs-results">
        <h1 className="mfs-results__heading">Search</h1>
        <p>Type what you are looking for in the search box.</p>
      </section>
    );
  }

  const counts = data ? { product: data.products.nbHits, recipe: data.recipes.nbHits } : null;
  const status = loading
    ? 'Loading results…'
    : data ? `${plural(data.products.nbHits, 'product', 'products')} and ${plural(data.recipes.nbHits, 'recipe', 'recipes')} found` : '';
  const active = TABS.find((t) => t.tab === tab) ?? TABS[0];
  const activePage = data ? (tab === 'product' ? data.products : data.recipes) : null;

  return (
    <section className="mfs-results" aria-labelledby={`${baseId}-heading`} aria-busy={loading}>
      <h1 id={`${baseId}-heading`} ref={headingRef} tabIndex={-1} className="mfs-results__heading">
        {`Results for “${query}”`}
      </h1>
      <p role="status" className="mfs-results__status">{status}</p>
      {current?.status === 'error' ? (
        <div role="alert" className="mfs-results__error">
          <span>{RESULTS_ERROR}</span>
          <button type="button" className="mfs-button" onClick={() => setAttempt((n) => n + 1)}>Try again</button>
        </div>
      ) : null}
      <div role="tablist" aria-label="Result types" className="mfs-tabs">
        {TABS.map((t) => (
          <button
            key={t.tab}
            ref={(el) => { tabRefs.current[t.tab] = el; }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t.tab}`}
            aria-selected={t.tab === tab}
            aria-controls={`${baseId}-panel-${t.tab}`}
            tabIndex={t.tab === tab ? 0 : -1}
            className={`mfs-tabs__tab${t.tab === tab ? ' is-selected' : ''}`}
            onClick={() => selectTab(t.tab)}
            onKeyDown={onTabKeyDown}
          >
            {counts ? `${t.label} (${counts[t.tab]})` : t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} className="mfs-results__panel">
        {loading ? <div className="mfs-results__spinner" aria-hidden="true" /> : null}
        {activePage && activePage.hits.length === 0 ? (
          <p className="mfs-results__empty">{`No ${active.noun} found for “${query}”.`}</p>
        ) : null}
        {activePage && activePage.hits.length > 0 ? (
          <ul className="mfs-grid" aria-label={active.label}>
            {tab === 'product' && data
              ? data.products.hits.map((hit) => <ProductCard key={hit.objectID} hit={hit} storeNumber={scope.storeNumber} />)
              : data?.recipes.hits.map((hit) => <RecipeCard key={hit.objectID} hit={hit} />)}
          </ul>
        ) : null}
        {activePage ? (
          <Pagination page={page} pageCount={activePage.nbPages} onChange={changePage} label={`${active.label} pages`} />
        ) : null}
      </div>
    </section>
  );
}
