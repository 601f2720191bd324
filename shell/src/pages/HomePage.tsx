import { useEffect } from 'react';
import { bus as sharedBus, siteLinkClick, useBusState, type EventBus } from 'shared-events';

/** Banner names (common brief): co-op stores belong to 'Harbour Co-op', others to 'Harbour Market'. */
export function bannerName(bannerCode: string | null | undefined): string {
  return bannerCode === 'coop' ? 'Harbour Co-op' : 'Harbour Market';
}

/** Popular product searches linked from the home page: `/?query=<q>&tab=product` (spec §2 Routes). */
export const HOME_PRODUCT_SEARCHES: readonly string[] = ['Milk', 'Bread', 'Eggs', 'Bananas', 'Apples', 'Chicken'];
/** Recipe searches linked from the home page: `/?query=<q>&tab=recipe`. */
export const HOME_RECIPE_SEARCHES: readonly string[] = ['Pasta', 'Soup', 'Salad'];

/** The results URL for a search (spec §2 Routes: home with query and tab). */
export function searchUrl(query: string, tab: 'product' | 'recipe'): string {
  return `/?${new URLSearchParams({ query: query.toLowerCase(), tab }).toString()}`;
}

/** Props of {@link HomePage}. */
export interface HomePageProps {
  /** The bus to read the preferred store from (default: the shared singleton). */
  bus?: EventBus;
  /** In-site navigation for the quick links (without it they are plain page loads). */
  navigate?: (url: string) => void;
}

/**
 * Home '/' without `query` (spec §2 Routes): heading with the banner of the preferred store, a short
 * welcome, and quick links that open the search results page.
 */
export function HomePage({ bus = sharedBus, navigate }: HomePageProps) {
  const store = useBusState(bus.state.store);
  const banner = bannerName(store?.bannerCode);
  useEffect(() => {
    document.title = `${banner} – Groceries, recipes and weekly deals`;
  }, [banner]);

  return (
    <section className="shell-page shell-home" aria-labelledby="shell-home-heading">
      <div className="shell-home__hero">
        <h1 id="shell-home-heading" className="shell-page__title">{`Welcome to ${banner}`}</h1>
        <p className="shell-home__lead">Fresh groceries, everyday essentials and recipe ideas, close to home.</p>
        {/* Always present and one line high, so the store arriving after the first paint shifts nothing (issue 12). */}
        <p className="shell-home__store">
          {store ? <>You are shopping at <strong>{store.locationName}</strong>.</> : '\u00a0'}
        </p>
      </div>
      <div className="shell-home__groups">
        <nav className="shell-home__group" aria-labelledby="shell-home-products">
          <h2 id="shell-home-products" className="shell-home__group-title">Popular searches</h2>
          <ul className="shell-home__chips">
            {HOME_PRODUCT_SEARCHES.map((q) => (
              <li key={q}><a className="shell-chip" href={searchUrl(q, 'product')} onClick={siteLinkClick(searchUrl(q, 'product'), navigate)}>{q}</a></li>
            ))}
          </ul>
        </nav>
        <nav className="shell-home__group" aria-labelledby="shell-home-recipes">
          <h2 id="shell-home-recipes" className="shell-home__group-title">Recipe ideas</h2>
          <ul className="shell-home__chips">
            {HOME_RECIPE_SEARCHES.map((q) => (
              <li key={q}><a className="shell-chip" href={searchUrl(q, 'recipe')} onClick={siteLinkClick(searchUrl(q, 'recipe'), navigate)}>{`${q} recipes`}</a></li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
