import { useLocation } from '@storefront/remote-kit';
import { parseCataloguePath } from '../state/catalogue';
import { CatalogueNotFound } from './CatalogueParts';
import { CategoryPage } from './CategoryPage';
import { ProductsIndex } from './ProductsIndex';
import './catalogue.css';

/**
 * The catalogue pages of mf-search (spec §2 Routes): `/products` (departments and their
 * categories with counts at the preferred store, featured products) and
 * `/products/category/{category}[/{subcategory}]` (a listing with the facets brand, dietary, price and
 * on flyer, sort, pagination; state in the URL, see state/catalogue.ts). Every count comes from the
 * search engine (api/catalogue.ts). An unknown path or slug shows 'Page not found' in the page.
 * The preferred store is `bus.state.store` (nothing is asked until there is one: skeleton; `useStoreGate`:
 * at most 5 s, then by banner only, and at once 'unavailable' when the engine does not answer).
 */
export function CataloguePage() {
  const { pathname } = useLocation();
  const path = parseCataloguePath(pathname);
  if (!path) return <CatalogueNotFound />;
  if (path.kind === 'index') return <ProductsIndex />;
  return <CategoryPage key={`${path.category}/${path.subcategory ?? ''}`} path={path} />;
}
