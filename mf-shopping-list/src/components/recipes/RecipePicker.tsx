/**
 * 'Add a recipe' dialog content: a filter field and the matching recipes of the recipes index, each a
 * button 'Add <title>'. Used by a recipe list and by a meal-plan day.
 */
import { useState } from 'react';
import { useDebouncedValue } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';
import { recipeFacts } from './RecipeCard';
import { useRecipeSearch } from '../../hooks/useRecipes';

/** Props of {@link RecipePicker}. */
export interface RecipePickerProps {
  search: RuntimeConfig['search'];
  /** Recipes already there: shown as 'Added', not offered again. */
  chosen: readonly string[];
  /** Stores the choice; rejects with a shopper-facing message. */
  onPick: (recipeId: string, title: string) => Promise<void>;
}

/** See the module comment. */
export function RecipePicker({ search, chosen, onPick }: RecipePickerProps) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const results = useRecipeSearch(search, query);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (id: string, title: string) => {
    setBusy(id);
    setError(null);
    try {
      await onPick(id, title);
    } catch (e) {
      setError((e as Error).message || 'The recipe could not be added. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mfrp-picker">
      <label className="mfsl-add__label" htmlFor="mfrp-picker-filter">Find a recipe</label>
      <input id="mfrp-picker-filter" data-autofocus className="mfsl-input" type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
      {error && <p className="mfsl-error" role="alert">{error}</p>}
      {results.isPending && <p className="mfsl-muted" role="status">Loading recipes…</p>}
      {results.isError && (
        <p className="mfsl-notice mfsl-notice--error" role="alert">
          Recipes could not be loaded. <button type="button" className="mfsl-link-btn" onClick={() => void results.refetch()}>Try again</button>
        </p>
      )}
      {results.data && results.data.length === 0 && <p className="mfsl-muted" role="status">No recipe matches.</p>}
      {results.data && results.data.length > 0 && (
        <ul className="mfrp-picker__list">
          {results.data.map((r) => {
            const has = chosen.includes(r.objectID);
            return (
              <li key={r.objectID} className="mfrp-picker__item">
                <span className="mfrp-card__main"><span className="mfrp-card__title">{r.title}</span><span className="mfsl-muted">{recipeFacts(r)}</span></span>
                {has
                  ? <span className="mfsl-muted">Added</span>
                  : <button type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" aria-label={`Add ${r.title}`} disabled={busy !== null} onClick={() => void pick(r.objectID, r.title)}>{busy === r.objectID ? 'Adding…' : 'Add'}</button>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
