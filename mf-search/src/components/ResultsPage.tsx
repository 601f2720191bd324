import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useQuery } from '@storefront/remote-kit';
import { AdSlot } from '@storefront/remote-kit/ad-slot';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { engineRetryDelay } from '../api/engine';
import { CAROUSEL_SLIDES } from '../api/popularItems';
import { priceFor, productRegionFilters, scopeFrom, searchCombined, type CombinedResults } from '../api/queries';
import type { ProductHit, SearchClient } from '../api/types';
import { usePopularItems } from '../hooks/usePopularItems';
import { useProfanity } from '../hooks/useProfanity';
import { useStoreGate } from '../hooks/useStoreGate';
import { useAddToList, SEARCH_ITEM_LIST, useSearchTracking } from '../hooks/useSearchTracking';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { availabilityFor, availabilityText } from '../state/availability';
import { cardsForWidth, EAGER_CARDS } from '../state/layout';
import { parseResultsLocation, resultsUrl, type ResultTab } from '../state/navigation';
import { sanitizeQuery, toSearchText } from '../state/query';
import { ProductCard, RecipeCard } from './Cards';
import { Carousel } from './Carousel';
import { NO_RESULTS_TEXT, SEARCH_UNAVAILABLE_TEXT } from '../state/dropdownTexts';
import { Pagination } from './Pagination';
import firstViews from '../first-view.json';
import './results.css';

/** The page intro's lead, also in the first view the edge serves (src/first-view.json; kit page-intro). */
const INTRO_LEAD = firstViewFor(firstViews, '/?query').lead;

/** Results per page on the results page. */
export const RESULTS_PER_PAGE = 24;

/**
 * The results query failed: the search engine is unavailable (say what is unavailable, rather than
 * spec §8's generic 'Something went wrong. please try later.').
 */
export const RESULTS_ERROR = SEARCH_UNAVAILABLE_TEXT;

/**
 * How long the page waits for the store selector's store before searching without one (banner only,
 * as the dropdown does), ms: the stores are looked up in the search engine too, so with the engine down
 * no store ever comes and the page would say 'Loading results…' for ever. Meanwhile a probe
 * tells whether the engine answers at all (`useStoreGate`): if not, the page says so at once.
 */
export { STORE_WAIT_MS } from '../hooks/useStoreGate';

export interface ResultsPageProps {
  client: SearchClient;
  bus?: EventBus;
  config?: RuntimeConfig;
}

const TABS: ReadonlyArray<{ tab: ResultTab; label: string; noun: string }> = [
  { tab: 'product', label: 'Products', noun: 'products' },
  { tab: 'recipe', label: 'Recipes', noun: 'recipes' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The search results page (spec §2 Routes: `/` with `query` and `tab`). Reads `query` and `tab` from
 * the URL (the kit's `useLocation`: popstate and single-spa route changes); shows `Results for “<query>”`, a tablist
 * 'Products (N)' / 'Recipes (M)' whose counts come from one multi-index query, the active tab's grid
 * with 24 per page and 'Previous'/'Next' + 'Page X of Y', and announces counts in a polite role=status.
 * Products are filtered by the banner and availability (spec §5): sold at the preferred store or in
 * one of its regions, each card saying which ('Available at <store>' / 'Not at your store · available
 * in your region'); it waits for a store (loading; `STORE_WAIT_MS` at most, then by banner only; search
 * unavailable at once when the engine does not answer: `useStoreGate`) and re-queries, without a reload, when the preferred store
 * (`bus.state.store`: number, banner or regions) changes.
 * Server state through the kit's `useQuery` (keyed by query, tab, page, store, banner, regions and user
 * token; an answer for another key is never shown; 'Try again' refetches). Tab changes go through
 * the kit's `useNavigate` (the shell's navigate).
 * When nothing matches, the no-results message (profanity-aware) and carousels of the store's popular
 * products (18) and recipes (12). Analytics (spec §7): Insights view of the shown hits and click
 * (queryID, 1-based position) on a card; 'Add to list' publishes `list/item-added`
 * (item_id articleNumber_uom_storeId) and sends an Insights conversion; `view_item_list` with
 * item list 7 'Search - Products'.
 */
export function ResultsPage({ client, bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG }: ResultsPageProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { query: rawQuery, tab } = parseResultsLocation(search);
  const query = sanitizeQuery(rawQuery);
  const text = toSearchText(query);
  const indices = config.search.indices;
  const gate = useStoreGate(bus, client, indices.products);
  const { store } = gate;
  const session = useBusState(bus.state.session);
  const scope = useMemo(() => scopeFrom(store), [store]);
  const tracking = useSearchTracking(bus, config, session);
  const width = useViewportWidth();
  const perView = useMemo(() => cardsForWidth(width), [width]);
  const scoped = gate.ready;
  const regionKey = (store?.region ?? []).join(',');
  const productFilter = useMemo(() => productRegionFilters(scope, regionKey ? regionKey.split(',') : []), [scope, regionKey]);

  // Page resets whenever the query, tab or store changes.
  const pageKey = `${text}|${tab}|${scope.storeNumber}|${scope.bannerCode}`;
  const [pageState, setPageState] = useState({ key: pageKey, page: 0 });
  const page = pageState.key === pageKey ? pageState.page : 0;

  // One query per (query, tab, page, store, banner, regions, user token); none until there is a store
  // or STORE_WAIT_MS passed without one (and the engine answered the gate's probe).
  const results = useQuery({
    queryKey: ['results', text, tab, page, scope.storeNumber, scope.bannerCode, productFilter, tracking.userToken, indices],
    queryFn: () => searchCombined(client, indices, {
      text,
      scope,
      products: { hitsPerPage: RESULTS_PER_PAGE, page: tab === 'product' ? page : 0 },
      recipes: { hitsPerPage: RESULTS_PER_PAGE, page: tab === 'recipe' ? page : 0 },
      productFilter,
      userToken: tracking.userToken,
    }),
    enabled: scoped && !!text,
    retryDelay: engineRetryDelay,
  });
  // The error state shows once the query settled in error, or at once when there is no store and the
  // engine did not answer the probe; 'Try again' shows loading while it asks again.
  const failed = (!!text && gate.engineDown) || (results.isError && !results.isFetching);
  const retry = () => { if (gate.engineDown) gate.retry(); else void results.refetch(); };
  const data = failed ? null : results.data ?? null;
  const loading = !!text && !failed && (!scoped || !data);
  const noResults = !!data && data.products.nbHits === 0 && data.recipes.nbHits === 0;
  const profane = useProfanity(query, noResults);
  const popularItems = usePopularItems(client, indices, scope, noResults);

  // Insights view + view_item_list, once per answer shown.
  const tracked = useRef<CombinedResults | null>(null);
  useEffect(() => {
    if (!data || tracked.current === data) return;
    tracked.current = data;
    const shown = tab === 'product' ? data.products.hits : data.recipes.hits;
    tracking.view(tab === 'product' ? indices.products : indices.recipes, shown);
    tracking.viewItemList(SEARCH_ITEM_LIST, data.products.hits.map((h) => ({ ...h, price: priceFor(h, scope.storeNumber) })), text);
  }, [data, tab, tracking, indices, scope.storeNumber, text]);

  const addToList = useAddToList(bus, config, scope.storeNumber, tracking, indices.products);
  const productCard = (hit: ProductHit, slide?: Parameters<typeof ProductCard>[0]['slide'], index?: number) => (
    <ProductCard
      key={hit.objectID}
      hit={hit}
      imageLoading={index !== undefined && index < EAGER_CARDS ? 'eager' : 'lazy'}
      storeNumber={scope.storeNumber}
      slide={slide}
      availability={availabilityText(availabilityFor(hit, store), store?.locationName)}
      onFollow={(h) => tracking.click(indices.products, h)}
      onAddToList={addToList}
    />
  );

  const baseId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabRefs = useRef<Record<ResultTab, HTMLButtonElement | null>>({ product: null, recipe: null });

  const selectTab = (next: ResultTab, focus = false) => {
    if (focus) tabRefs.current[next]?.focus();
    if (next === tab) return;
    navigate(resultsUrl(query, next));
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
  const noResultsText = noResults && profane !== null
    ? (profane ? `${NO_RESULTS_TEXT.profaneHeading} ${NO_RESULTS_TEXT.profaneHint}` : `${NO_RESULTS_TEXT.heading(query)} ${NO_RESULTS_TEXT.hint}`)
    : '';
  const status = loading
    ? 'Loading results…'
    : noResultsText || (data ? `${plural(data.products.nbHits, 'product', 'products')} and ${plural(data.recipes.nbHits, 'recipe', 'recipes')} found` : '');
  const active = TABS.find((t) => t.tab === tab) ?? TABS[0];
  const activePage = data ? (tab === 'product' ? data.products : data.recipes) : null;

  return (
    <>
    <PageIntro heading={`Results for “${query}”`} lead={INTRO_LEAD} headingId={`${baseId}-heading`} headingRef={headingRef} />
    <section className="mfs-results" aria-labelledby={`${baseId}-heading`} aria-busy={loading}>
      <p role="status" className="mfs-results__status">{status}</p>
      {failed ? (
        <div role="alert" className="mfs-results__error">
          <span>{RESULTS_ERROR}</span>
          <button type="button" className="mfs-button" onClick={retry}>Try again</button>
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
        {activePage && activePage.hits.length === 0 && !noResults ? (
          <p className="mfs-results__empty">{`No ${active.noun} found for “${query}”.`}</p>
        ) : null}
        {activePage && activePage.hits.length > 0 ? (
          <ul className="mfs-grid" aria-label={active.label}>
            {tab === 'product' && data
              ? data.products.hits.map((hit, i) => productCard(hit, undefined, i))
              : data?.recipes.hits.map((hit) => <RecipeCard key={hit.objectID} hit={hit} onFollow={(h) => tracking.click(indices.recipes, h)} />)}
          </ul>
        ) : null}
        {noResults && popularItems ? (
          <div className="mfs-results__popular">
            <Carousel title="Popular products" noun="products" headingLevel={2}
              items={popularItems.products.slice(0, CAROUSEL_SLIDES.products)} perView={perView.products}
              renderSlide={(hit, slide) => productCard(hit, slide)} />
            <Carousel title="Popular recipes" noun="recipes" headingLevel={2}
              items={popularItems.recipes.slice(0, CAROUSEL_SLIDES.recipes)} perView={perView.recipes}
              renderSlide={(hit, slide) => <RecipeCard key={hit.objectID} hit={hit} slide={slide} onFollow={(h) => tracking.click(indices.recipes, h)} />} />
          </div>
        ) : null}
        {activePage ? (
          <Pagination page={page} pageCount={activePage.nbPages} onChange={changePage} label={`${active.label} pages`} />
        ) : null}
      </div>
      {/* The results page's ad slot: drawn under the results once they are in, so it
          pushes nothing; the shell fills it only with the targeting consent group C0004 */}
      {activePage ? <AdSlot slot="results-leaderboard" width={728} height={90} /> : null}
    </section>
    </>
  );
}
