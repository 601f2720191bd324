import type { ReactNode } from 'react';
import { CAROUSEL_SLIDES, type PopularItems } from '../api/popularItems';
import type { CombinedResults } from '../api/queries';
import type { ProductHit, RecipeHit } from '../api/types';
import { Carousel } from '../components/Carousel';
import { RecipeCard, type SlideInfo } from '../components/Cards';
import { Pagination } from '../components/Pagination';
import type { CardCounts } from '../state/layout';
import type { ResultTab } from '../state/navigation';
import { TABS } from './ResultTabs';

interface ResultsPanelProps {
  query: string;
  tab: ResultTab;
  data: CombinedResults | null;
  loading: boolean;
  noResults: boolean;
  /** The store's popular products and recipes, shown when nothing matched. */
  popularItems: PopularItems | null;
  perView: CardCounts;
  page: number;
  onPage: (page: number) => void;
  baseId: string;
  productCard: (hit: ProductHit, slide?: SlideInfo, index?: number) => ReactNode;
  onRecipeFollow: (hit: RecipeHit) => void;
}

/**
 * The active tab's panel: the grid of its hits (24 per page), 'No <noun> found' when only the other
 * tab has hits, the popular carousels when nothing matched, and the pages.
 */
export function ResultsPanel(p: ResultsPanelProps) {
  const { query, tab, data } = p;
  const active = TABS.find((t) => t.tab === tab) ?? TABS[0];
  const activePage = data ? (tab === 'product' ? data.products : data.recipes) : null;
  return (
    <div role="tabpanel" id={`${p.baseId}-panel-${tab}`} aria-labelledby={`${p.baseId}-tab-${tab}`} className="mfs-results__panel">
      {p.loading ? <div className="mfs-results__spinner" aria-hidden="true" /> : null}
      {activePage && activePage.hits.length === 0 && !p.noResults ? (
        <p className="mfs-results__empty">{`No ${active.noun} found for “${query}”.`}</p>
      ) : null}
      {activePage && activePage.hits.length > 0 ? (
        <ul className="mfs-grid" aria-label={active.label}>
          {tab === 'product' && data
            ? data.products.hits.map((hit, i) => p.productCard(hit, undefined, i))
            : data?.recipes.hits.map((hit) => <RecipeCard key={hit.objectID} hit={hit} onFollow={p.onRecipeFollow} />)}
        </ul>
      ) : null}
      {p.noResults && p.popularItems ? (
        <div className="mfs-results__popular">
          <Carousel title="Popular products" noun="products" headingLevel={2}
            items={p.popularItems.products.slice(0, CAROUSEL_SLIDES.products)} perView={p.perView.products}
            renderSlide={(hit, slide) => p.productCard(hit, slide)} />
          <Carousel title="Popular recipes" noun="recipes" headingLevel={2}
            items={p.popularItems.recipes.slice(0, CAROUSEL_SLIDES.recipes)} perView={p.perView.recipes}
            renderSlide={(hit, slide) => <RecipeCard key={hit.objectID} hit={hit} slide={slide} onFollow={p.onRecipeFollow} />} />
        </div>
      ) : null}
      {activePage ? (
        <Pagination page={p.page} pageCount={activePage.nbPages} onChange={p.onPage} label={`${active.label} pages`} />
      ) : null}
    </div>
  );
}
