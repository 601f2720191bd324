import { useId, useMemo, useRef, type ReactNode } from 'react';
import { keepPreviousData, useLocation, useNavigate } from '@storefront/remote-kit';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import type { Store } from 'shared-events';
import { useEngineQuery } from '../hooks/useEngineQuery';
import { fetchListing, type CategoryListing } from '../api/catalogue';
import type { ProductHit } from '../api/types';
import type { AddToListOutcome } from '../state/listAdd';
import {
  categoryUrl, hasRefinements, listingSearch, parseListingSearch, refine, SORT_LABELS, SORTS,
  type CatalogueSort, type CataloguePath, type ListingState,
} from '../state/catalogue';
import { Pagination } from '../components/Pagination';
import firstViews from '../first-view.json';
import { CardGrid, CatalogueNotFound, ErrorState, SkeletonCards, failureOf, useDocumentTitle, useStoreCatalogue } from './CatalogueParts';
import { ListingFacets } from './Facets';
import { FiltersSheet } from './FiltersSheet';

/** The page intro's lead, also in the first view the edge serves (src/first-view.json; kit page-intro). */
const CATEGORY_LEAD = firstViewFor(firstViews, '/products/category/:category').lead;

/** `/products/category/{category}[/{subcategory}]`: breadcrumbs, facets, sort, cards, pagination. */
export function CategoryPage({ path }: { path: Extract<CataloguePath, { kind: 'category' }> }) {
  const { pathname, searchParams } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseListingSearch(searchParams), [searchParams]);
  const canonical = listingSearch(state);
  const { client, store, gate, scope, indexName, addToList } = useStoreCatalogue();
  const query = useEngineQuery<CategoryListing>({
    queryKey: ['catalogue-listing', indexName, path.category, path.subcategory, canonical, scope.storeNumber, scope.bannerCode],
    queryFn: () => fetchListing(client, indexName, path, state, scope),
    enabled: gate.ready,
    placeholderData: keepPreviousData,
  });
  const { result } = query;
  const { failed, retry } = failureOf(gate, query);
  const data = failed ? undefined : result.data;
  const stale = result.isPlaceholderData;
  const title = data?.found ? (data.subcategoryName ?? data.categoryName) : null;
  useDocumentTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = (next: ListingState, focusHeading = false) => {
    navigate(`${pathname}${listingSearch(next)}`);
    if (focusHeading) {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    }
  };

  if (data && !data.found && !stale) return <CatalogueNotFound />;

  const heading = title ?? (path.subcategory ?? path.category).replace(/-/g, ' ');
  return (
    <>
    <PageIntro heading={heading} lead={CATEGORY_LEAD} headingId="mfs-catalogue-heading" headingRef={headingRef} />
    <section className="mfs-catalogue" aria-labelledby="mfs-catalogue-heading">
      <nav className="mfs-catalogue__breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li><a href="/products">Products</a></li>
          {path.subcategory ? <li><a href={categoryUrl(path.category)}>{data?.categoryName ?? path.category}</a></li> : null}
          <li aria-current="page">{heading}</li>
        </ol>
      </nav>
      {failed ? <ErrorState onRetry={retry} /> : null}
      {!failed && !data ? <SkeletonCards label="Loading products…" /> : null}
      {data ? (
        <>
          {!path.subcategory && data.subcategories.length > 0 ? (
            <nav className="mfs-catalogue__subnav" aria-label={`Categories in ${heading}`}>
              <ul>
                {data.subcategories.map((s) => (
                  <li key={s.slug}><a href={categoryUrl(path.category, s.slug)}>{s.value}</a> <span className="mfs-count">{`(${s.count})`}</span></li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="mfs-catalogue__layout">
            <ListingFacets data={data} state={state} go={go} />
            <ListingResults data={data} state={state} stale={stale} heading={heading} store={store} addToList={addToList} go={go}
              filters={<FiltersSheet data={data} state={state} go={go} />} />
          </div>
        </>
      ) : null}
    </section>
    </>
  );
}

interface ListingResultsProps {
  data: CategoryListing;
  state: ListingState;
  /** The previous page's data while the next one loads. */
  stale: boolean;
  heading: string;
  store: Store | null;
  addToList: (hit: ProductHit) => Promise<AddToListOutcome>;
  go: (next: ListingState, focusHeading?: boolean) => void;
  /** The 'Filters (N)' button of narrow screens (its sheet), first in the toolbar. */
  filters: ReactNode;
}

/** The listing: count, sort, the cards (or 'No products match') and the pages. */
function ListingResults({ data, state, stale, heading, store, addToList, go, filters }: ListingResultsProps) {
  const sortId = useId();
  return (
    <div className="mfs-catalogue__results" aria-busy={stale || undefined}>
      <div className="mfs-catalogue__toolbar">
        {filters}
        <p className="mfs-catalogue__count" role="status">{`${data.nbHits} ${data.nbHits === 1 ? 'product' : 'products'}`}</p>
        <label htmlFor={sortId} className="mfs-catalogue__sort-label">Sort by</label>
        <select id={sortId} className="mfs-catalogue__sort" value={state.sort}
          onChange={(e) => go(refine(state, { sort: e.target.value as CatalogueSort }))}>
          {SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
        </select>
      </div>
      {data.hits.length > 0 ? (
        <CardGrid hits={data.hits} store={store} addToList={addToList} label={`Products in ${heading}`} />
      ) : (
        <div className="mfs-catalogue__empty">
          <h2 className="mfs-catalogue__subtitle">No products match</h2>
          <p>{hasRefinements(state) ? 'Try removing a filter.' : `Nothing in ${heading} is sold at ${store?.locationName ?? 'this store'} right now.`}</p>
        </div>
      )}
      <Pagination page={data.page} pageCount={data.nbPages} label="Product pages" onChange={(page) => go({ ...state, page }, true)} />
    </div>
  );
}
