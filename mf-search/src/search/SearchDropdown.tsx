import type { MouseEvent, ReactNode } from 'react';
import { isPlainLeftClick, type RuntimeConfig } from 'shared-events';
import { CAROUSEL_SLIDES, type PopularItems } from '../api/popularItems';
import type { CombinedResults } from '../api/queries';
import type { ProductHit, RecipeHit } from '../api/types';
import type { AddToListOutcome } from '../state/listAdd';
import type { SuggestionStatus } from './useSuggestions';
import type { CardCounts } from '../state/layout';
import { resultsUrl } from '../state/navigation';
import { truncateLabel } from '../state/recent';
import type { RedirectCard } from '../state/redirect';
import { NO_RESULTS_TEXT, SEARCH_UNAVAILABLE_TEXT } from '../state/answerTexts';
import { SUGGESTIONS_LOADING_TEXT } from '../state/dropdownTexts';
import { ProductCard, RecipeCard, type SlideInfo } from '../components/Cards';
import { Carousel } from '../components/Carousel';
import './dropdown.css';

/** One keyboard-navigable option of the dropdown's listbox. */
export interface DropdownOption {
  kind: 'recent' | 'popular' | 'suggestion';
  /** Recent search id, popular search text or suggestion objectID. */
  id: string;
  /** The full text searched when picked. */
  label: string;
}

export { NO_RESULTS_TEXT };

export interface SearchDropdownProps {
  /** Where the answer for the typed text stands ('idle' and 'loading' show the loading text). */
  status: SuggestionStatus;
  /** The answer for the typed text ('ready'), else null. */
  results: CombinedResults | null;
  /** True when the box is empty: recent and popular searches instead of suggestions. */
  emptyMode: boolean;
  /** The options shown, in order (recent then popular, or suggestions). */
  options: readonly DropdownOption[];
  activeIndex: number;
  /** The sanitised query, used for the 'view all' links. */
  query: string;
  counts: CardCounts;
  storeNumber: string | null;
  /** id of the listbox (the input's aria-controls). */
  listboxId: string;
  /** id of option `i` (the input's aria-activedescendant). */
  optionId: (i: number) => string;
  redirect: RedirectCard | null;
  noResults: boolean;
  /** Profanity in the query: true/false, null while the word lists load. */
  profane: boolean | null;
  popularItems: PopularItems | null;
  indices: RuntimeConfig['search']['indices'];
  onPick: (text: string) => void;
  onRemoveRecent: (id: string) => void;
  /** Follows an in-site link (the 'view all' links, the redirect card). */
  onNavigate: (url: string) => void;
  /** A result card was followed (insights click, close). */
  onFollowHit: (index: string, hit: ProductHit | RecipeHit) => void;
  /** 'Add to list' on a product card: resolves once the shopping list stored it or refused it. */
  onAddToList: (hit: ProductHit) => Promise<AddToListOutcome>;
}

const plain = isPlainLeftClick;

/** A link that follows in-site addresses through `onNavigate` (a plain left click), else as a link. */
function siteLink(href: string, onNavigate: (url: string) => void) {
  return {
    href,
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      if (!plain(e)) return;
      e.preventDefault();
      onNavigate(href);
    },
  };
}

type OptionProps = Pick<SearchDropdownProps, 'activeIndex' | 'optionId' | 'onPick' | 'onRemoveRecent'> & { o: DropdownOption; i: number };

/** One option of the listbox; a recent search has a × mark (pointer shortcut for Delete). */
function SuggestionOption({ o, i, activeIndex, optionId, onPick, onRemoveRecent }: OptionProps) {
  return (
    <li
      id={optionId(i)}
      role="option"
      aria-selected={i === activeIndex}
      title={o.kind === 'recent' && o.label !== truncateLabel(o.label) ? o.label : undefined}
      className={`mfs-suggestions__option mfs-suggestions__option--${o.kind}${i === activeIndex ? ' is-active' : ''}`}
      onMouseDown={(e) => e.preventDefault() /* keep focus in the input */}
      onClick={() => onPick(o.label)}
    >
      <span className="mfs-suggestions__text">{o.kind === 'recent' ? truncateLabel(o.label) : o.label}</span>
      {o.kind === 'recent' ? (
        // Pointer shortcut; keyboard users press Delete on the active option (described on the group).
        <span
          className="mfs-suggestions__remove"
          aria-hidden="true"
          data-remove-recent={o.id}
          onClick={(e) => { e.stopPropagation(); onRemoveRecent(o.id); }}
        />
      ) : null}
    </li>
  );
}

/** The empty box's listbox 'Recent and popular searches', with its two labelled groups. */
function RecentAndPopular(props: SearchDropdownProps) {
  const { options, listboxId } = props;
  const recent = options.map((o, i) => [o, i] as const).filter(([o]) => o.kind === 'recent');
  const popular = options.map((o, i) => [o, i] as const).filter(([o]) => o.kind === 'popular');
  return (
    <div className="mfs-dropdown mfs-dropdown--empty">
      <div className="mfs-dropdown__left">
        <p id={`${listboxId}-recent-hint`} className="mfs-visually-hidden">Press Delete to remove the highlighted recent search.</p>
        <div role="listbox" id={listboxId} aria-label="Recent and popular searches" className="mfs-suggestions">
          {recent.length > 0 ? (
            <ul role="group" aria-labelledby={`${listboxId}-recent`} aria-describedby={`${listboxId}-recent-hint`} className="mfs-suggestions__group">
              <li role="presentation" id={`${listboxId}-recent`} className="mfs-dropdown__heading">Recent searches</li>
              {recent.map(([o, i]) => <SuggestionOption key={`${o.kind}-${o.id}`} {...props} o={o} i={i} />)}
            </ul>
          ) : null}
          {popular.length > 0 ? (
            <ul role="group" aria-labelledby={`${listboxId}-popular`} className="mfs-suggestions__group">
              <li role="presentation" id={`${listboxId}-popular`} className="mfs-dropdown__heading">Popular searches</li>
              {popular.map(([o, i]) => <SuggestionOption key={`${o.kind}-${o.id}`} {...props} o={o} i={i} />)}
            </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * The dropdown under the search box (spec §2 Search dropdown).
 * Left: for an empty box one listbox 'Recent and popular searches' with the groups 'Recent searches'
 * (labels cut at 45 characters, each removable) and 'Popular searches'; when typing the listbox
 * 'Suggestions', 'Finding the best matches for you...' while loading, 'No suggestions!' when none,
 * {@link SEARCH_UNAVAILABLE_TEXT} when the search engine did not answer.
 * Right: the promotional redirect card, product and recipe cards with 'view all' links, or the
 * no-results view (message in a polite live region, popular products (5) and recipes (12) carousels).
 */
export function SearchDropdown(props: SearchDropdownProps) {
  const { status, options, listboxId } = props;
  if (props.emptyMode) return <RecentAndPopular {...props} />;
  const loading = status === 'loading' || status === 'idle';
  const results = loading ? null : props.results;
  const suggestionCount = options.length;
  // A failed query says search is unavailable ('No suggestions!' would tell the shopper nothing matched)
  const statusText = loading
    ? SUGGESTIONS_LOADING_TEXT
    : status === 'error' ? SEARCH_UNAVAILABLE_TEXT
      : suggestionCount === 0 ? 'No suggestions!' : null;
  const countsText = results
    ? `${suggestionCount} suggestion${suggestionCount === 1 ? '' : 's'}. ${results.products.nbHits} product${results.products.nbHits === 1 ? '' : 's'} and ${results.recipes.nbHits} recipe${results.recipes.nbHits === 1 ? '' : 's'} found.`
    : '';

  return (
    <div className="mfs-dropdown">
      <div className="mfs-dropdown__left">
        <p id={`${listboxId}-label`} className="mfs-dropdown__heading">Suggestions</p>
        <div role="status" className="mfs-dropdown__status">
          {statusText}
          {countsText ? <span className="mfs-visually-hidden">{` ${countsText}`}</span> : null}
        </div>
        {suggestionCount > 0 ? (
          <ul role="listbox" id={listboxId} aria-labelledby={`${listboxId}-label`} className="mfs-suggestions">
            {options.map((o, i) => <SuggestionOption key={`${o.kind}-${o.id}`} {...props} o={o} i={i} />)}
          </ul>
        ) : null}
      </div>
      <DropdownCards {...props} results={results} />
    </div>
  );
}

/**
 * A labelled group of result cards ('Products', 'Recipes') with its 'View all …' link to the results
 * page's tab; nothing when it has no cards.
 */
function CardGroup({ id, title, viewAll, perRow, children }: {
  id: string; title: string; viewAll: ReturnType<typeof siteLink>; perRow: number; children: ReactNode[];
}) {
  if (children.length === 0) return null;
  return (
    <section className="mfs-group" aria-labelledby={id}>
      <div className="mfs-group__header">
        <h2 id={id} className="mfs-group__title">{title}</h2>
        <a className="mfs-group__all" {...viewAll}>{`View all ${title.toLowerCase()}`}</a>
      </div>
      <ul className="mfs-cards" data-count={perRow}>{children}</ul>
    </section>
  );
}

/**
 * The right column: the no-results message (polite live region), the redirect card, product and
 * recipe cards with 'View all …' links, or the popular carousels when nothing matched.
 */
function DropdownCards(props: SearchDropdownProps) {
  const { results, query, counts, storeNumber, listboxId, redirect, noResults, profane, popularItems, indices } = props;
  const products = (results?.products.hits ?? []).slice(0, counts.products);
  const recipes = (results?.recipes.hits ?? []).slice(0, counts.recipes);
  const link = (href: string) => siteLink(href, props.onNavigate);
  const productCard = (hit: ProductHit, slide?: SlideInfo) => (
    <ProductCard key={hit.objectID} hit={hit} storeNumber={storeNumber} slide={slide}
      onFollow={(h) => props.onFollowHit(indices.products, h)} onAddToList={props.onAddToList} />
  );
  const recipeCard = (hit: RecipeHit, slide?: SlideInfo) => (
    <RecipeCard key={hit.objectID} hit={hit} slide={slide} onFollow={(h) => props.onFollowHit(indices.recipes, h)} />
  );
  return (
    <div className="mfs-dropdown__right">
      <div role="status" className="mfs-dropdown__noresults">
        {noResults && profane !== null ? (
          <>
            <p className="mfs-dropdown__noresults-title">{profane ? NO_RESULTS_TEXT.profaneHeading : NO_RESULTS_TEXT.heading(query)}</p>
            <p className="mfs-dropdown__noresults-hint">{profane ? NO_RESULTS_TEXT.profaneHint : NO_RESULTS_TEXT.hint}</p>
          </>
        ) : null}
      </div>
      {redirect ? (
        <section className="mfs-promo" aria-labelledby={`${listboxId}-promo`}>
          {redirect.cardImage ? <img className="mfs-promo__image" src={redirect.cardImage} alt="" /> : null}
          <div className="mfs-promo__body">
            <h2 id={`${listboxId}-promo`} className="mfs-promo__title">{redirect.cardTitle}</h2>
            <a className="mfs-promo__cta" {...link(redirect.redirectURL)}>{redirect.cardCTAText}</a>
          </div>
        </section>
      ) : null}
      <CardGroup id={`${listboxId}-products`} title="Products" viewAll={link(resultsUrl(query, 'product'))} perRow={counts.products}>
        {products.map((hit) => productCard(hit))}
      </CardGroup>
      <CardGroup id={`${listboxId}-recipes`} title="Recipes" viewAll={link(resultsUrl(query, 'recipe'))} perRow={counts.recipes}>
        {recipes.map((hit) => recipeCard(hit))}
      </CardGroup>
      {noResults && popularItems ? (
        <>
          <Carousel
            title="Popular products"
            noun="products"
            items={popularItems.products.slice(0, CAROUSEL_SLIDES.productsInGlobalSearch)}
            perView={counts.products}
            renderSlide={productCard}
          />
          <Carousel
            title="Popular recipes"
            noun="recipes"
            items={popularItems.recipes.slice(0, CAROUSEL_SLIDES.recipes)}
            perView={counts.recipes}
            renderSlide={recipeCard}
          />
        </>
      ) : null}
    </div>
  );
}
