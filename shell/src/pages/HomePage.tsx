import { useEffect, useState } from 'react';
import { bus as sharedBus, siteLinkClick, useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { fetchFlyerTeaser, fetchPopularSearches, whenIdle, type FlyerTeaser, type PopularSearch } from './home-content';
import { AdSlot } from '@storefront/remote-kit/ad-slot';

/** Banner names (common brief): co-op stores belong to 'Harbour Co-op', others to 'Harbour Market'. */
export function bannerName(bannerCode: string | null | undefined): string {
  return bannerCode === 'coop' ? 'Harbour Co-op' : 'Harbour Market';
}

/** The results URL for a search (spec §2 Routes: home with query and tab). */
export function searchUrl(query: string, tab: 'product' | 'recipe'): string {
  return `/?${new URLSearchParams({ query: query.toLowerCase(), tab }).toString()}`;
}

/** What a block loaded after the first paint shows: the placeholder, its data, or a short note. */
type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

/** How many popular searches the home page links (their two rows are reserved in pages.css). */
export const HOME_POPULAR_LIMIT = 8;
/** How many flyer items the teaser shows (its rows are reserved in pages.css). */
export const HOME_FLYER_LIMIT = 4;

/**
 * Loads `load` once the browser is idle after the first paint (and again when `key` changes); the
 * first render is always 'loading', as the pre-rendered markup is. Without `load` (no config: the
 * build-time pre-render, a test) it stays 'loading'.
 */
function useAfterPaint<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (!load) return undefined;
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    const cancel = whenIdle(() => {
      load(controller.signal).then(
        (value) => { if (!controller.signal.aborted) setLoaded({ state: 'ready', value }); },
        () => { if (!controller.signal.aborted) setLoaded({ state: 'failed' }); },
      );
    });
    return () => { cancel(); controller.abort(); };
    // `key` names everything `load` depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return loaded;
}

/** Props of {@link HomePage}. */
export interface HomePageProps {
  /** The bus to read the preferred store from (default: the shared singleton). */
  bus?: EventBus;
  /** In-site navigation for the links (without it they are plain page loads). */
  navigate?: (url: string) => void;
  /**
   * The runtime config (`/config.json`): the search engine for the popular searches and the flyer
   * provider for the flyer highlights. Without it (the build-time pre-render) both stay placeholders.
   */
  config?: RuntimeConfig;
}

/** A date 'YYYY-MM-DD' as 'Nov 19' (en-CA, the date's own day whatever the time zone). */
function shortDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * Home '/' without `query` (spec §2 Routes): heading with the banner of the preferred store, a short
 * welcome, then the real content, loaded after the first paint into boxes whose size is reserved (no
 * layout shift): the popular searches of the search data (links to the results page), this week's
 * flyer of the preferred store (a few highlights, link to /flyer) and the offers teaser (link to /offers).
 */
export function HomePage({ bus = sharedBus, navigate, config }: HomePageProps) {
  const store = useBusState(bus.state.store);
  const banner = bannerName(store?.bannerCode);
  useEffect(() => {
    document.title = `${banner} – Groceries, recipes and weekly deals`;
  }, [banner]);

  const search = config?.search;
  const popular = useAfterPaint<PopularSearch[]>(
    search ? (signal) => fetchPopularSearches(search, HOME_POPULAR_LIMIT, signal) : null,
    search ? `${search.hosts[0]?.url}|${search.indices.products}` : '',
  );
  const flyer = config?.flyer;
  const storeNumber = store?.storeNumber;
  const teaser = useAfterPaint<FlyerTeaser | null>(
    flyer && storeNumber ? (signal) => fetchFlyerTeaser(flyer, storeNumber, HOME_FLYER_LIMIT, signal) : null,
    flyer && storeNumber ? `${flyer.origin}|${storeNumber}` : '',
  );
  const link = (href: string) => ({ href, onClick: siteLinkClick(href, navigate) });

  return (
    <section className="shell-page shell-home" aria-labelledby="shell-home-heading">
      <div className="shell-home__hero">
        <h1 id="shell-home-heading" className="shell-page__title">{`Welcome to ${banner}`}</h1>
        <p className="shell-home__lead">Fresh groceries, everyday essentials and recipe ideas, close to home.</p>
        {/* Always present and one line high, so the store arriving after the first paint shifts nothing. */}
        <p className="shell-home__store">
          {store ? <>You are shopping at <strong>{store.locationName}</strong>.</> : '\u00a0'}
        </p>
      </div>
      <div className="shell-home__groups">
        <nav className="shell-home__group shell-home__group--popular" aria-labelledby="shell-home-products" aria-busy={popular.state === 'loading'}>
          <h2 id="shell-home-products" className="shell-home__group-title">Popular searches</h2>
          <div className="shell-home__popular">
            {popular.state === 'ready' && popular.value.length > 0 && (
              <ul className="shell-home__chips">
                {popular.value.map((p) => (
                  <li key={p.search}><a className="shell-chip" {...link(searchUrl(p.search, 'product'))}>{p.search}</a></li>
                ))}
              </ul>
            )}
            {popular.state === 'ready' && popular.value.length === 0 && (
              <p className="shell-home__note">Popular searches appear here once shoppers have searched. Try the search box above.</p>
            )}
            {popular.state === 'failed' && <p className="shell-home__note">Popular searches are unavailable right now.</p>}
            {popular.state === 'loading' && <p className="shell-home__note shell-home__note--loading">Loading popular searches…</p>}
          </div>
        </nav>
        <section className="shell-home__group shell-home__teaser" aria-labelledby="shell-home-flyer">
          <h2 id="shell-home-flyer" className="shell-home__group-title">This week&apos;s flyer</h2>
          <div className="shell-home__flyer">
            {teaser.state === 'ready' && teaser.value && (
              <>
                <p className="shell-home__flyer-dates">{`${teaser.value.title} · ${shortDate(teaser.value.validFrom)} – ${shortDate(teaser.value.validTo)}`}</p>
                <ul className="shell-home__highlights" aria-label="Flyer highlights">
                  {teaser.value.items.map((i) => (
                    <li key={i.id} className="shell-home__highlight">
                      <span className="shell-home__highlight-name">{i.name}</span>
                      <span className="shell-home__highlight-price">{i.saleStory || i.priceText}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {teaser.state === 'ready' && !teaser.value && <p className="shell-home__note">This store has no flyer this week.</p>}
            {teaser.state === 'failed' && <p className="shell-home__note">The flyer highlights are unavailable right now.</p>}
            {teaser.state === 'loading' && <p className="shell-home__note">Deals of the week at your store, page by page.</p>}
          </div>
          <p className="shell-home__teaser-action"><a className="shell-button" {...link('/flyer')}>View this week&apos;s flyer</a></p>
        </section>
        <section className="shell-home__group shell-home__teaser" aria-labelledby="shell-home-offers">
          <h2 id="shell-home-offers" className="shell-home__group-title">Offers</h2>
          <p className="shell-home__teaser-text">
            Personalised Scene+ offers, matched to what is on your shopping list. Load them to your card and earn points when you shop.
          </p>
          <p className="shell-home__teaser-action"><a className="shell-button" {...link('/offers')}>See your offers</a></p>
        </section>
      </div>
      {/* Filled by the ad script only with consent group C0004; its size is reserved. */}
      <AdSlot slot="home-leaderboard" width={728} height={90} />
    </section>
  );
}
