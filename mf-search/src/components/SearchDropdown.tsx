import type { MouseEvent } from 'react';
import type { DropdownState } from '../state/dropdown';
import type { CardCounts } from '../state/layout';
import { resultsUrl } from '../state/navigation';
import { ProductCard, RecipeCard } from './Cards';

export interface SearchDropdownProps {
  state: DropdownState;
  /** The sanitised query, used for the 'view all' links. */
  query: string;
  counts: CardCounts;
  storeNumber: string | null;
  /** id of the suggestions listbox (the input's aria-controls). */
  listboxId: string;
  /** id of suggestion option `i` (the input's aria-activedescendant). */
  optionId: (i: number) => string;
  onPickSuggestion: (query: string) => void;
  /** Follows an in-site link (the 'view all' links). */
  onNavigate: (url: string) => void;
  /** A result card was followed: close the dropdown. */
  onFollow: () => void;
}

/**
 * The dropdown under the search box (spec §2 Search dropdown). Left: suggestions as a labelled
 * listbox, 'Finding the best matches for you...' while loading, 'No suggestions!' when none.
 * Right: product and recipe cards, each group with a 'view all' link to `/?query=…&tab=…`.
 */
export function SearchDropdown(props: SearchDropdownProps) {
  const { state, query, counts, storeNumber, listboxId, optionId, onPickSuggestion, onNavigate, onFollow } = props;
  const loading = state.status === 'loading' || state.status === 'idle';
  const suggestions = loading ? [] : state.results?.suggestions ?? [];
  const products = loading ? [] : (state.results?.products.hits ?? []).slice(0, counts.products);
  const recipes = loading ? [] : (state.results?.recipes.hits ?? []).slice(0, counts.recipes);

  const viewAll = (tab: 'product' | 'recipe') => {
    const href = resultsUrl(query, tab);
    return {
      href,
      onClick: (e: MouseEvent<HTMLAnchorElement>) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onNavigate(href);
      },
    };
  };

  return (
    <div className="mfs-dropdown">
      <div className="mfs-dropdown__left">
        <p id={`${listboxId}-label`} className="mfs-dropdown__heading">Suggestions</p>
        <div role="status" className="mfs-dropdown__status">
          {loading ? 'Finding the best matches for you...' : suggestions.length === 0 ? 'No suggestions!' : (
            <span className="mfs-visually-hidden">{`${suggestions.length} suggestions available`}</span>
          )}
        </div>
        {suggestions.length > 0 ? (
          <ul role="listbox" id={listboxId} aria-labelledby={`${listboxId}-label`} className="mfs-suggestions">
            {suggestions.map((s, i) => (
              <li
                key={s.objectID}
                id={optionId(i)}
                role="option"
                aria-selected={i === state.activeIndex}
                className={`mfs-suggestions__option${i === state.activeIndex ? ' is-active' : ''}`}
                onMouseDown={(e) => e.preventDefault() /* keep focus in the input */}
                onClick={() => onPickSuggestion(s.query)}
              >
                {s.query}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {products.length > 0 || recipes.length > 0 ? (
        <div className="mfs-dropdown__right">
          {products.length > 0 ? (
            <section className="mfs-group" aria-labelledby={`${listboxId}-products`}>
              <div className="mfs-group__header">
                <h2 id={`${listboxId}-products`} className="mfs-group__title">Products</h2>
                <a className="mfs-group__all" {...viewAll('product')}>View all products</a>
              </div>
              <ul className="mfs-cards" data-count={counts.products}>
                {products.map((hit) => <ProductCard key={hit.objectID} hit={hit} storeNumber={storeNumber} onFollow={onFollow} />)}
              </ul>
            </section>
          ) : null}
          {recipes.length > 0 ? (
            <section className="mfs-group" aria-labelledby={`${listboxId}-recipes`}>
              <div className="mfs-group__header">
                <h2 id={`${listboxId}-recipes`} className="mfs-group__title">Recipes</h2>
                <a className="mfs-group__all" {...viewAll('recipe')}>View all recipes</a>
              </div>
              <ul className="mfs-cards" data-count={counts.recipes}>
                {recipes.map((hit) => <RecipeCard key={hit.objectID} hit={hit} onFollow={onFollow} />)}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
