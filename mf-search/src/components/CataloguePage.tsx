import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { keepPreviousData, useLocation, useNavigate, useQuery } from '@storefront/remote-kit';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusState, type EventBus, type RuntimeConfig, type Store } from 'shared-events';
import { engineRetryDelay } from '../api/engine';
import { fetchListing, fetchOverview, type CategoryListing, type ProductsOverview } from '../api/catalogue';
import { scopeFrom } from '../api/queries';
import type { ProductHit, SearchClient } from '../api/types';
import { useAddToList, useSearchTracking, type AddToListOutcome } from '../hooks/useSearchTracking';
import { useStoreGate, type StoreGate } from '../hooks/useStoreGate';
import {
  categoryUrl, DIETARY, DIETARY_LABELS, hasRefinements, listingSearch, parseCataloguePath, parseListingSearch, PRICE_BANDS, refine,
  SORT_LABELS, SORTS, toggle, type CatalogueSort, type CataloguePath, type ListingState,
} from '../state/catalogue';
import { EAGER_CARDS } from '../state/layout';
import { ProductCard } from './Cards';
import { Pagination } from './Pagination';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import firstViews from '../first-view.json';
import './catalogue.css';

/** The page intros' leads, also in the first view the edge serves (src/first-view.json; kit page-intro). */
const PRODUCTS_LEAD = firstViewFor(firstViews, '/products').lead;
const CATEGORY_LEAD = firstViewFor(firstViews, '/products/category/:category').lead;

/**
 * A catalogue query failed, or there is no store and the engine does not answer: the product search
 * behind these pages is unavailable (say what is unavailable, rather than spec §8's generic
 * 'Something went wrong. please try later.'). With 'Try again'.
 */
export const CATALOGUE_ERROR = 'Products are unavailable right now. Please try again later.';
/** Heading of an unknown catalogue path (same words as the shell's not-found page). */
export const CATALOGUE_NOT_FOUND = 'Page not found';
/** Placeholder cards of the loading skeleton. */
const SKELETON_CARDS = 8;

export interface CataloguePageProps {
  client: SearchClient;
  bus?: EventBus;
  config?: RuntimeConfig;
}

/**
 * The catalogue pages of mf-search (spec §2 Routes): `/products` (departments and their
 * categories with counts at the preferred store, featured products) and
 * `/products/category/{category}[/{subcategory}]` (a listing with the facets brand, dietary, price and
 * on flyer, sort, pagination; state in the URL, see state/catalogue.ts). Every count comes from the
 * search engine (api/catalogue.ts). An unknown path or slug shows 'Page not found' in the page.
 * The preferred store is `bus.state.store` (nothing is asked until there is one: skeleton; `useStoreGate`:
 * at most 5 s, then by banner only, and at once 'unavailable' when the engine does not answer).
 */
export function CataloguePage({ client, bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG }: CataloguePageProps) {
  const { pathname } = useLocation();
  const path = parseCataloguePath(pathname);
  if (!path) return <CatalogueNotFound />;
  if (path.kind === 'index') return <ProductsIndex client={client} bus={bus} config={config} />;
  return <CategoryPage key={`${path.category}/${path.subcategory ?? ''}`} path={path} client={client} bus={bus} config={config} />;
}

/** 'Page not found' inside the page (the edge answers 404 for unknown category slugs). */
export function CatalogueNotFound() {
  useDocumentTitle(CATALOGUE_NOT_FOUND);
  return (
    <section className="mfs-catalogue" aria-labelledby="mfs-catalogue-missing">
      <h1 id="mfs-catalogue-missing" className="mfs-catalogue__title">{CATALOGUE_NOT_FOUND}</h1>
      <p>We could not find this category. It may have moved.</p>
      <p><a className="mfs-catalogue__link" href="/products">See all products</a></p>
    </section>
  );
}

function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} – Harbour Market`;
  }, [title]);
}

interface InnerProps {
  client: SearchClient;
  bus: EventBus;
  config: RuntimeConfig;
}

function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mfs-results__error">
      <span>{CATALOGUE_ERROR}</span>
      <button type="button" className="mfs-button" onClick={onRetry}>Try again</button>
    </div>
  );
}

function SkeletonCards({ label }: { label: string }) {
  return (
    <div className="mfs-catalogue__loading">
      <p role="status" className="mfs-catalogue__status">{label}</p>
      <ul className="mfs-catalogue__grid" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => <li key={i} className="mfs-catalogue__bone" />)}
      </ul>
    </div>
  );
}

/** Product cards of a page in a grid; the first row loads its pictures at once. */
function CardGrid({ hits, store, addToList, label }: { hits: ProductHit[]; store: Store | null; addToList: (hit: ProductHit) => Promise<AddToListOutcome>; label: string }) {
  return (
    <ul className="mfs-catalogue__grid" aria-label={label}>
      {hits.map((hit, i) => (
        <ProductCard key={hit.objectID} hit={hit} storeNumber={store?.storeNumber ?? null} onAddToList={addToList} imageLoading={i < EAGER_CARDS ? 'eager' : 'lazy'} />
      ))}
    </ul>
  );
}

/**
 * What both catalogue pages read: the preferred store's search scope and its gate (`useStoreGate`:
 * when to search, whether the engine is down without a store), the products index and the cards'
 * 'Add to list' (with search tracking), for the shopper's session.
 */
function useStoreCatalogue(bus: InnerProps['bus'], config: InnerProps['config'], client: SearchClient) {
  const indexName = config.search.indices.products;
  const gate = useStoreGate(bus, client, indexName);
  const { store } = gate;
  const session = useBusState(bus.state.session);
  const scope = useMemo(() => scopeFrom(store), [store]);
  const tracking = useSearchTracking(bus, config, session);
  const addToList = useAddToList(bus, config, scope.storeNumber, tracking, indexName);
  return { store, gate, scope, indexName, addToList };
}

/**
 * The error state of a catalogue query: the query settled in error, or no store and the engine is
 * down; `retry` asks again (the gate's probe, or the query) and shows loading meanwhile.
 */
function failureOf(gate: StoreGate, result: { isError: boolean; isFetching: boolean; refetch: () => Promise<unknown> }) {
  return {
    failed: gate.engineDown || (result.isError && !result.isFetching),
    retry: () => { if (gate.engineDown) gate.retry(); else void result.refetch(); },
  };
}

/** `/products`: departments with their categories (counts at the store) and featured products. */
function ProductsIndex({ client, bus, config }: InnerProps) {
  const { store, gate, scope, indexName, addToList } = useStoreCatalogue(bus, config, client);
  useDocumentTitle('Products');
  const result = useQuery<ProductsOverview>({
    queryKey: ['catalogue-overview', indexName, scope.storeNumber, scope.bannerCode],
    queryFn: () => fetchOverview(client, indexName, scope),
    enabled: gate.ready,
    retryDelay: engineRetryDelay,
  });
  const { failed, retry } = failureOf(gate, result);
  const data = failed ? undefined : result.data;
  return (
    <>
    <PageIntro heading="Products" lead={PRODUCTS_LEAD} headingId="mfs-catalogue-products" />
    <section className="mfs-catalogue" aria-labelledby="mfs-catalogue-products">
      {failed ? <ErrorState onRetry={retry} /> : null}
      {!failed && !data ? <SkeletonCards label="Loading products…" /> : null}
      {data ? (
        <>
          {data.featured.length > 0 ? (
            <section className="mfs-catalogue__section" aria-labelledby="mfs-catalogue-featured">
              <h2 id="mfs-catalogue-featured" className="mfs-catalogue__subtitle">{`On the flyer at ${store?.locationName ?? 'your store'}`}</h2>
              <CardGrid hits={data.featured} store={store} addToList={addToList} label="Featured products" />
            </section>
          ) : null}
          <section className="mfs-catalogue__section" aria-labelledby="mfs-catalogue-departments">
            <h2 id="mfs-catalogue-departments" className="mfs-catalogue__subtitle">Shop by department</h2>
            <ul className="mfs-catalogue__departments">
              {data.departments.map((d) => (
                <li key={d.slug} className="mfs-catalogue__department">
                  <h3 className="mfs-catalogue__department-title">
                    <a href={categoryUrl(d.slug)}>{d.name}</a> <span className="mfs-count">{`(${d.count})`}</span>
                  </h3>
                  <ul className="mfs-catalogue__categories">
                    {d.categories.map((c) => (
                      <li key={c.slug}><a href={categoryUrl(d.slug, c.slug)}>{c.name}</a> <span className="mfs-count">{`(${c.count})`}</span></li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </section>
    </>
  );
}

interface CheckboxProps {
  label: string;
  count: number;
  checked: boolean;
  onChange: () => void;
  name: string;
  value: string;
}

/** One facet value: a checkbox with its visible count; a value with no products is disabled unless selected. */
function FacetCheckbox({ label, count, checked, onChange, name, value }: CheckboxProps) {
  return (
    <label className="mfs-facet__option">
      <input type="checkbox" name={name} value={value} checked={checked} disabled={!checked && count === 0} onChange={onChange} />
      <span className="mfs-facet__label">{label}</span>
      <span className="mfs-count">{`(${count})`}</span>
    </label>
  );
}

function Facet({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mfs-facet">
      <legend className="mfs-facet__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** `/products/category/{category}[/{subcategory}]`: breadcrumbs, facets, sort, cards, pagination. */
function CategoryPage({ path, client, bus, config }: InnerProps & { path: Extract<CataloguePath, { kind: 'category' }> }) {
  const { pathname, searchParams } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseListingSearch(searchParams), [searchParams]);
  const canonical = listingSearch(state);
  const { store, gate, scope, indexName, addToList } = useStoreCatalogue(bus, config, client);
  const result = useQuery<CategoryListing>({
    queryKey: ['catalogue-listing', indexName, path.category, path.subcategory, canonical, scope.storeNumber, scope.bannerCode],
    queryFn: () => fetchListing(client, indexName, path, state, scope),
    enabled: gate.ready,
    placeholderData: keepPreviousData,
    retryDelay: engineRetryDelay,
  });
  const { failed, retry } = failureOf(gate, result);
  const data = failed ? undefined : result.data;
  const stale = result.isPlaceholderData;
  const title = data?.found ? (data.subcategoryName ?? data.categoryName) : null;
  useDocumentTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sortId = useId();

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
            <form className="mfs-catalogue__facets" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
              <Facet legend="Brand">
                {data.brands.map((b) => (
                  <FacetCheckbox key={b.value} name="brand" value={b.value} label={b.value} count={b.count} checked={state.brands.includes(b.value)}
                    onChange={() => go(refine(state, { brands: toggle(state.brands, b.value) }))} />
                ))}
              </Facet>
              <Facet legend="Dietary">
                {DIETARY.map((d) => (
                  <FacetCheckbox key={d} name="dietary" value={d} label={DIETARY_LABELS[d]} count={data.dietary[d]} checked={state.dietary.includes(d)}
                    onChange={() => go(refine(state, { dietary: toggle(state.dietary, d) }))} />
                ))}
              </Facet>
              <Facet legend="Price">
                {PRICE_BANDS.map((b) => (
                  <FacetCheckbox key={b.id} name="price" value={b.id} label={b.label} count={data.priceBands[b.id] ?? 0} checked={state.price.includes(b.id)}
                    onChange={() => go(refine(state, { price: toggle(state.price, b.id) }))} />
                ))}
              </Facet>
              <Facet legend="Flyer">
                <FacetCheckbox name="flyer" value="1" label="On flyer this week" count={data.onFlyer} checked={state.onFlyer}
                  onChange={() => go(refine(state, { onFlyer: !state.onFlyer }))} />
              </Facet>
              {hasRefinements(state) ? (
                <button type="button" className="mfs-button mfs-catalogue__clear" onClick={() => go({ ...state, brands: [], dietary: [], price: [], onFlyer: false, page: 0 })}>
                  Clear all filters
                </button>
              ) : null}
            </form>
            <div className="mfs-catalogue__results" aria-busy={stale || undefined}>
              <div className="mfs-catalogue__toolbar">
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
          </div>
        </>
      ) : null}
    </section>
    </>
  );
}
