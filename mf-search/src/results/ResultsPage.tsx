import { useId, useMemo, useRef } from 'react';
import { AdSlot } from '@storefront/remote-kit/ad-slot';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { LoadError } from '@storefront/remote-kit/blocks';
import type { ProductHit } from '../api/types';
import { useSearchApp } from '../components/appClient';
import { usePopularItems } from '../hooks/usePopularItems';
import { useProfanity } from '../hooks/useProfanity';
import { useAddToList } from '../hooks/useAddToList';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { availabilityFor, availabilityText } from '../state/availability';
import { cardsForWidth, EAGER_CARDS } from '../state/layout';
import { ProductCard, type SlideInfo } from '../components/Cards';
import { NO_RESULTS_TEXT, SEARCH_UNAVAILABLE_TEXT } from '../state/answerTexts';
import firstViews from '../first-view.json';
import { ResultTabs } from './ResultTabs';
import { ResultsPanel } from './ResultsPanel';
import { useResultsSearch } from './useResultsSearch';
import { ResultsSortSelect } from './ResultsSortSelect';
import '../components/results.css';

export { RESULTS_PER_PAGE } from './useResultsSearch';

/** The page intro's lead, also in the first view the edge serves (src/first-view.json; kit page-intro). */
const INTRO_LEAD = firstViewFor(firstViews, '/?query').lead;

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
 * (`bus.state.store`: number, banner or regions) changes (`useResultsSearch`).
 * When nothing matches, the no-results message (profanity-aware) and carousels of the store's popular
 * products (18) and recipes (12). Analytics (spec §7): Insights view of the shown hits and click
 * (queryID, 1-based position) on a card; 'Add to list' publishes `list/add-requested`
 * (item_id articleNumber_uom_storeId) and sends an Insights conversion once stored; `view_item_list` with
 * item list 7 'Search - Products'.
 */
export function ResultsPage() {
  const { client, bus, config } = useSearchApp();
  const r = useResultsSearch(client, bus, config);
  const { query, tab, data, store, scope, tracking } = r;
  const indices = config.search.indices;
  const width = useViewportWidth();
  const perView = useMemo(() => cardsForWidth(width), [width]);
  const profane = useProfanity(query, r.noResults);
  const popularItems = usePopularItems(client, indices, scope, r.noResults);
  const addToList = useAddToList(bus, config, scope.storeNumber, tracking, indices.products);
  const baseId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const productCard = (hit: ProductHit, slide?: SlideInfo, index?: number) => (
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
  const changePage = (p: number) => {
    r.setPage(p);
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

  const noResultsText = r.noResults && profane !== null
    ? (profane ? `${NO_RESULTS_TEXT.profaneHeading} ${NO_RESULTS_TEXT.profaneHint}` : `${NO_RESULTS_TEXT.heading(query)} ${NO_RESULTS_TEXT.hint}`)
    : '';
  const status = r.loading
    ? 'Loading results…'
    : noResultsText || (data ? `${plural(data.products.nbHits, 'product', 'products')} and ${plural(data.recipes.nbHits, 'recipe', 'recipes')} found` : '');

  return (
    <>
    <PageIntro heading={`Results for “${query}”`} lead={INTRO_LEAD} headingId={`${baseId}-heading`} headingRef={headingRef} />
    <section className="mfs-results" aria-labelledby={`${baseId}-heading`} aria-busy={r.loading}>
      <p role="status" className="mfs-results__status">{status}</p>
      {r.failed ? (
        <LoadError message={RESULTS_ERROR} onRetry={r.retry} className="mfs-results__error" buttonClassName="mfs-button" />
      ) : null}
      <ResultTabs query={query} tab={tab} sort={r.sort} baseId={baseId} counts={data ? { product: data.products.nbHits, recipe: data.recipes.nbHits } : null} />
      {tab === 'product' && !r.noResults && !r.failed ? <ResultsSortSelect query={query} sort={r.sort} /> : null}
      <ResultsPanel query={query} tab={tab} data={data} loading={r.loading} noResults={r.noResults} popularItems={popularItems}
        perView={perView} page={r.page} onPage={changePage} baseId={baseId} productCard={productCard}
        onRecipeFollow={(h) => tracking.click(indices.recipes, h)} />
      {/* The results page's ad slot: drawn under the results once they are in, so it
          pushes nothing; the shell fills it only with the targeting consent group C0004 */}
      {data ? <AdSlot slot="results-leaderboard" width={728} height={90} /> : null}
    </section>
    </>
  );
}
