import { useId, useMemo, useState } from 'react';
import { useLocation } from '@storefront/remote-kit';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { useBusState, type Store } from 'shared-events';
import { fetchProductBySlug } from '../api/product';
import { formatCents, priceFor } from '../api/queries';
import { hitUnitPrice } from '../state/unitPrice';
import { UnitPriceTag } from '../components/UnitPriceTag';
import type { ProductHit } from '../api/types';
import { useSearchApp } from '../components/appClient';
import { useAddToList } from '../hooks/useAddToList';
import { useSearchTracking } from '../hooks/useSearchTracking';
import type { AddToListOutcome } from '../state/listAdd';
import { availabilityFor, availabilityText, soldInRegion } from '../state/availability';
import { resultsUrl } from '../state/navigation';
import {
  NUTRITION_ROWS, nutritionValueText, pageSlugFromPath, parseQuantity, QUANTITY_MAX, QUANTITY_MIN, searchWordsFromPageSlug,
} from '../state/product';
import { useAddButton } from '../hooks/useAddButton';
import { introFromRecord } from '../components/RecordIntro';
import { RecordPageError, RecordPageLoading } from '../components/RecordPage';
import { useEngineQuery } from '../hooks/useEngineQuery';
import firstViews from '../first-view.json';
import './product.css';

/** Spec §8 "Exception during a call". */
export const PRODUCT_ERROR = 'Something went wrong. please try later.';
/**
 * The product page's intro (picture, name, size · brand) as the edge serves it before any script, filled
 * from the same record (src/first-view.json '/products/:slug'; kit page-intro: the picture is the page's LCP).
 */
const PRODUCT_VIEW = firstViewFor(firstViews, '/products/:slug');
/** Heading of an unknown product slug. */
export const PRODUCT_NOT_FOUND = 'Product not found';
/** The nutrition table's source: the USDA data the catalogue is generated from. */
export const NUTRITION_SOURCE = 'USDA National Nutrient Database for Standard Reference, Release 21 (SR21)';

/**
 * The product page (spec §2 `/{type}/{pageSlug}` for products: `/products/{slug}`). Finds the record
 * whose `pageSlug` is `products/{slug}` with one products-index query (the kit's `useQuery`, keyed by
 * the slug), then shows its intro — picture, name (h1), size · brand: the kit's `PageIntro` filled from
 * src/first-view.json like the edge's first view, which stays on screen while the record loads
 * (`ServedFirstView`) — then the price at the preferred store
 * (`bus.state.store`: `storePrices[storeNumber]`, else `price`), availability at that store and in its
 * region (spec §5), a quantity field with 'Add to list' (`list/add-requested` through `useAddToList`:
 * 'Added' only once the shopping list answers `list/item-added`), and the Nutrition Facts per 100 g
 * as USDA SR21 gives them (caption: source and NDB number). An unknown slug shows 'Product not found'
 * with a link to search; while loading (without a served intro) a skeleton keeps the page's height; a failed lookup shows an
 * alert with 'Try again'. Record text is rendered as text.
 */
export function ProductPage() {
  const { client, bus, config } = useSearchApp();
  const { pathname } = useLocation();
  const pageSlug = pageSlugFromPath(pathname);
  const store = useBusState(bus.state.store);
  const session = useBusState(bus.state.session);
  const tracking = useSearchTracking(bus, config, session);
  const indexName = config.search.indices.products;
  const { result, failed, retry } = useEngineQuery({
    queryKey: ['product', indexName, pageSlug],
    queryFn: () => fetchProductBySlug(client, indexName, pageSlug ?? ''),
    enabled: !!pageSlug,
  });
  const loading = !!pageSlug && !failed && result.data === undefined;
  const addToList = useAddToList(bus, config, store?.storeNumber ?? null, tracking, indexName);

  if (failed) return <RecordPageError block="mfs-product" title="Product" message={PRODUCT_ERROR} errorClassName="mfs-results__error" onRetry={retry} />;
  if (loading) {
    return (
      <RecordPageLoading block="mfs-product" className="mfs-product mfs-product--loading" label="Loading product…">
        <div className="mfs-product__skeleton" aria-hidden="true">
          <span className="mfs-product__bone" />
          <span className="mfs-product__bone" />
          <span className="mfs-product__bone mfs-product__bone--table" />
        </div>
      </RecordPageLoading>
    );
  }
  const product = result.data ?? null;
  if (!product) {
    const words = pageSlug ? searchWordsFromPageSlug(pageSlug) : '';
    return (
      <section className="mfs-product mfs-product--missing" aria-labelledby="mfs-product-missing">
        <h1 id="mfs-product-missing" className="mfs-product__title">{PRODUCT_NOT_FOUND}</h1>
        <p>We could not find this product. It may have been removed from the catalogue.</p>
        <p><a className="mfs-product__link" href={words ? resultsUrl(words, 'product') : '/'}>
          {words ? `Search for “${words}”` : 'Search products'}
        </a></p>
      </section>
    );
  }
  return <ProductDetails product={product} store={store} addToList={addToList} />;
}

interface ProductDetailsProps {
  product: ProductHit;
  store: Store | null;
  addToList: (hit: ProductHit, quantity?: number) => Promise<AddToListOutcome>;
}

function ProductDetails({ product, store, addToList }: ProductDetailsProps) {
  const id = useId();
  const storeNumber = store?.storeNumber ?? null;
  const cents = priceFor(product, storeNumber);
  const atStore = availabilityFor(product, store);
  const inRegion = soldInRegion(product, store);
  const [quantityText, setQuantityText] = useState('1');
  const quantity = parseQuantity(quantityText);
  const button = useAddButton();
  const add = () => { if (quantity !== null) button.add(() => addToList(product, quantity)); };
  const facts = product.nutrition;
  const intro = useMemo(() => introFromRecord(PRODUCT_VIEW, product), [product]);
  const quantityError = quantity === null ? `Enter a quantity from ${QUANTITY_MIN} to ${QUANTITY_MAX}.` : '';

  return (
    <>
      <PageIntro heading={intro.heading} lead={intro.lead} picture={intro.picture} headingId={`${id}-title`}>
        <div className="mfs-product__buy">
          {cents !== null ? (
            <p className="mfs-product__price">
              <span className="mfs-product__price-value">{formatCents(cents)}</span>
              {product.uom === 'KG' ? <span> /kg</span> : null}
              {store ? <span className="mfs-product__price-store">{` at ${store.locationName}`}</span> : null}
            </p>
          ) : null}
          {cents !== null ? <UnitPriceTag price={hitUnitPrice(product, cents)} className="mfs-product__unit-price" /> : null}
          {store ? (
            <ul className="mfs-product__availability" aria-label="Availability">
              <li>{atStore === 'store' ? availabilityText('store', store.locationName) : `Not sold at ${store.locationName}`}</li>
              <li>{inRegion ? 'Available in your region' : 'Not available in your region'}</li>
            </ul>
          ) : null}
          <div className="mfs-product__add">
            <label htmlFor={`${id}-qty`}>Quantity</label>
            <input
              id={`${id}-qty`} type="number" inputMode="numeric" min={QUANTITY_MIN} max={QUANTITY_MAX} step={1}
              value={quantityText} onChange={(e) => setQuantityText(e.target.value)}
              aria-invalid={quantity === null || undefined} aria-describedby={quantityError ? `${id}-qty-error` : undefined}
              className="mfs-product__qty"
            />
            <button type="button" className="mfs-button" onClick={add} disabled={quantity === null}
              aria-busy={button.state === 'adding' || undefined}>
              {button.label}
            </button>
            {quantityError ? <p id={`${id}-qty-error`} className="mfs-product__qty-error">{quantityError}</p> : null}
          </div>
        </div>
      </PageIntro>
      <article className="mfs-product" aria-labelledby={`${id}-title`}>
        <section className="mfs-product__nutrition" aria-labelledby={`${id}-nutrition`}>
          <h2 id={`${id}-nutrition`}>Nutrition Facts</h2>
          {facts ? (
            <table className="mfs-nutrition">
              <caption>
                {`Per 100 g. Source: ${NUTRITION_SOURCE}${product.usdaNdbNo ? `, NDB No. ${product.usdaNdbNo}` : ''}.`}
              </caption>
              <thead>
                <tr><th scope="col">Nutrient</th><th scope="col">Per 100 g</th></tr>
              </thead>
              <tbody>
                {NUTRITION_ROWS.map((row) => (
                  <tr key={row.key} className={row.sub ? 'mfs-nutrition__sub' : undefined}>
                    <th scope="row">{row.label}</th>
                    <td>{nutritionValueText(facts[row.key], row.unit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : <p>Nutrition facts are not available for this product.</p>}
        </section>
      </article>
    </>
  );
}
