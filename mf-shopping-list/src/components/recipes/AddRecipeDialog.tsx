/**
 * The frame of the `?add=<recipe objectID>` dialogs (README "URL contract"): the recipe's title (looked
 * up in the recipes index), the caller's choices, the error of a failed save (choices kept), and the
 * submit / 'Cancel' actions. A recipe the index does not know shows 'This recipe could not be found.'
 * and 'Close'. While the recipe loads, submit waits (unless the lookup failed: then it may go ahead).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { RuntimeConfig } from 'shared-events';
import { Dialog } from '@storefront/remote-kit/dialog';
import { messageOf } from './shared';
import { useRecipeRecords } from '../../hooks/useRecipes';

/** Props of {@link AddRecipeDialog}. */
export interface AddRecipeDialogProps {
  title: string;
  recipeId: string;
  search: RuntimeConfig['search'];
  submitLabel: string;
  /** Shown when `onSubmit` rejects without a message of its own. */
  failMessage: string;
  onClose: () => void;
  /** Stores the choice; `recipeTitle` for the caller's status line. Rejects with a shopper-facing message. */
  onSubmit: (recipeTitle: string) => Promise<void>;
  /** The choices (radio groups, fields). */
  children: ReactNode;
}

/** See the module comment. */
export function AddRecipeDialog({ title, recipeId, search, submitLabel, failMessage, onClose, onSubmit, children }: AddRecipeDialogProps) {
  const one = useRecipeRecords(search, [recipeId]);
  const recipe = one.get(recipeId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(recipe?.title ?? 'the recipe');
    } catch (err) {
      setError(messageOf(err, failMessage));
      setBusy(false);
    }
  };

  return (
    <Dialog className="mfsl-dialog" title={title} onClose={onClose}>
      {recipe === null
        ? (
          <>
            <p className="mfsl-notice mfsl-notice--error" role="alert">This recipe could not be found.</p>
            <button type="button" className="mfsl-btn mfsl-btn--quiet" data-autofocus onClick={onClose}>Close</button>
          </>
        )
        : (
          <form onSubmit={(e) => void save(e)} noValidate className="mfrp-form">
            <p className="mfrp-dialog__recipe">{recipe === undefined ? (one.isError ? 'Recipe details could not be loaded.' : 'Loading recipe…') : recipe.title}</p>
            {children}
            {error && <p className="mfsl-error" role="alert">{error}</p>}
            <div className="mfrp-dialog__actions">
              <button type="submit" className="mfsl-btn" disabled={busy || (recipe === undefined && !one.isError)}>{busy ? 'Saving…' : submitLabel}</button>
              <button type="button" className="mfsl-btn mfsl-btn--quiet" onClick={onClose}>Cancel</button>
            </div>
          </form>
        )}
    </Dialog>
  );
}
