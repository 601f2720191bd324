/**
 * /recipes/my-recipe-lists (spec §2 Routes "recipe lists"): the shopper's named lists of
 * saved recipes. Create a list (name 1–60 characters, kept in the field when saving fails), rename it
 * inline, delete it (asked to confirm), add recipes (recipe picker dialog) and remove them; each recipe
 * links to `/recipes/{slug}`. `?add=<recipe objectID>` (from the recipe page's 'Save to a recipe list')
 * opens a dialog to choose the list (or name a new one), stores it and removes the parameter.
 * Anonymous shoppers' lists are in this browser, signed-in shoppers' on their account (./storage).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { siteLinkClick, type RemoteProps } from 'shared-events';
import { Dialog } from '@storefront/remote-kit/dialog';
import { MAX_LIST_NAME, type RecipeList } from '../../state/recipePlans';
import { RecipeCard } from './RecipeCard';
import { RecipePicker } from './RecipePicker';
import { AddRecipeDialog } from './AddRecipeDialog';
import { LoadError, Skeleton } from '@storefront/remote-kit/blocks';
import { BrowseRecipesLink, messageOf, storageKey, useAddParam } from './shared';
import type { RecipePlanStorage } from '../../api/recipePlanStorage';
import { useLoaded, type PlanStorageState } from '../../hooks/usePlans';
import { useRemoteRuntime } from '@storefront/remote-kit';
import { useRecipeRecords, type RecipeRecords } from '../../hooks/useRecipes';

/** Props of {@link RecipeListsPage}. */
export interface RecipeListsPageProps {
  plans: PlanStorageState;
}

/** See the module comment. */
export function RecipeListsPage({ plans }: RecipeListsPageProps) {
  const { config } = useRemoteRuntime();
  const { storage } = plans;
  const navigate = useNavigate();
  const lists = useLoaded<RecipeList[]>(storageKey(storage), storage ? () => storage.lists() : null, 'Your recipe lists could not be loaded.');
  const all = lists.data ?? [];
  const records = useRecipeRecords(config.search, all.flatMap((l) => l.recipeIds));
  const { addId, badAddId, clearAdd } = useAddParam();
  const [status, setStatus] = useState('');
  const titleId = useId();

  const replace = (list: RecipeList) => lists.set(all.some((l) => l.id === list.id) ? all.map((l) => (l.id === list.id ? list : l)) : [...all, list]);
  const remove = (id: string) => lists.set(all.filter((l) => l.id !== id));

  return (
    <section className="mfsl-page mfrp-page" aria-labelledby={titleId}>
      <h1 id={titleId} className="mfsl-page__title">My recipe lists</h1>
      <p className="mfsl-page__summary mfrp-page__links">Save recipes in named lists. <a href="/recipes/meal-plan" onClick={siteLinkClick('/recipes/meal-plan', navigate)}>Go to your meal plan</a></p>
      {plans.mergeError && <p className="mfsl-notice mfsl-notice--error" role="alert">{plans.mergeError}</p>}
      <p className="mfrp-status" role="status" aria-live="polite">{status}</p>
      {badAddId && <p className="mfsl-notice mfsl-notice--error" role="alert">The recipe to save could not be recognised.</p>}
      {storage && <CreateListForm storage={storage} disabled={lists.status !== 'ready'} onCreated={(l) => { replace(l); setStatus(`Created the list ‘${l.name}’.`); }} />}
      {lists.status === 'loading' && <Skeleton label="Loading your recipe lists…" className="mfsl-skeleton mfrp-skeleton" />}
      {lists.status === 'error' && <LoadError message={lists.error ?? ''} onRetry={lists.retry} className="mfsl-notice mfsl-notice--error" buttonClassName="mfsl-link-btn" />}
      {lists.status === 'ready' && all.length === 0 && (
        <div className="mfsl-page__empty">
          <p className="mfsl-empty">You have no recipe lists yet.</p>
          <p className="mfsl-muted">Create one above, or find recipes to save.</p>
          <BrowseRecipesLink />
        </div>
      )}
      {records.isError && <LoadError message="Recipe details could not be loaded." onRetry={records.retry} className="mfsl-notice mfsl-notice--error" buttonClassName="mfsl-link-btn" />}
      {lists.status === 'ready' && all.length > 0 && (
        <ul className="mfrp-lists">
          {all.map((l) => (
            <ListSection key={l.id} list={l} storage={storage!} records={records} search={config.search}
              onChanged={replace} onDeleted={(id) => { remove(id); setStatus(`Deleted the list ‘${l.name}’.`); }} onStatus={setStatus} />
          ))}
        </ul>
      )}
      {addId && storage && lists.status === 'ready' && (
        <SaveToListDialog recipeId={addId} lists={all} storage={storage} search={config.search}
          onClose={clearAdd}
          onSaved={(list, title) => { replace(list); setStatus(`Saved ‘${title}’ to ‘${list.name}’.`); clearAdd(); }} />
      )}
    </section>
  );
}

/** 'Create a list': the name survives a failed save. */
function CreateListForm({ storage, disabled, onCreated }: { storage: RecipePlanStorage; disabled: boolean; onCreated: (l: RecipeList) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const list = await storage.createList(name);
      setName('');
      onCreated(list);
    } catch (err) {
      setError(messageOf(err, 'The list could not be created. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mfsl-add mfsl-page__add" onSubmit={(e) => void submit(e)} noValidate>
      <label className="mfsl-add__label" htmlFor={id}>New list name</label>
      <div className="mfsl-add__row">
        <input id={id} className="mfsl-input" value={name} maxLength={MAX_LIST_NAME} onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} autoComplete="off" />
        <button type="submit" className="mfsl-btn" disabled={disabled || busy}>Create list</button>
      </div>
      {error && <p id={`${id}-error`} className="mfsl-error" role="alert">{error}</p>}
    </form>
  );
}

interface ListSectionProps {
  list: RecipeList;
  storage: RecipePlanStorage;
  records: RecipeRecords;
  search: RemoteProps['config']['search'];
  onChanged: (l: RecipeList) => void;
  onDeleted: (id: string) => void;
  onStatus: (s: string) => void;
}

/** One list: name (rename inline), delete with confirmation, its recipes, 'Add a recipe'. */
function ListSection({ list, storage, records, search, onChanged, onDeleted, onStatus }: ListSectionProps) {
  const headingId = useId();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(list.name);
  const [confirming, setConfirming] = useState(false);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const act = async (fn: () => Promise<void>, fallback: string) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(messageOf(e, fallback));
    }
  };
  const saveName = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const l = await storage.renameList(list.id, draft);
      onChanged(l);
      setRenaming(false);
      onStatus(`Renamed the list to ‘${l.name}’.`);
      setTimeout(() => renameRef.current?.focus(), 0);
    }, 'The list could not be renamed. Please try again.');
  };
  const count = list.recipeIds.length;

  return (
    <li className="mfsl-page__group mfrp-list" aria-labelledby={headingId}>
      <div className="mfrp-list__head">
        {renaming ? (
          <form className="mfsl-item__rename" onSubmit={saveName}>
            <label className="mfsl-visually-hidden" htmlFor={`${headingId}-name`}>List name</label>
            <input id={`${headingId}-name`} className="mfsl-input" value={draft} maxLength={MAX_LIST_NAME} autoFocus
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); setRenaming(false); setDraft(list.name); setError(null); setTimeout(() => renameRef.current?.focus(), 0); } }} />
            <button type="submit" className="mfsl-btn mfsl-btn--small">Save</button>
            <button type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" onClick={() => { setRenaming(false); setDraft(list.name); setError(null); }}>Cancel</button>
          </form>
        ) : (
          <h2 id={headingId} className="mfsl-page__group-title">{list.name} <span className="mfsl-muted mfrp-count">{count === 1 ? '1 recipe' : `${count} recipes`}</span></h2>
        )}
        {!renaming && (
          <div className="mfrp-list__actions">
            <button ref={renameRef} type="button" className="mfsl-link-btn" aria-label={`Rename ${list.name}`} onClick={() => { setDraft(list.name); setRenaming(true); }}>Rename</button>
            <button type="button" className="mfsl-link-btn" aria-label={`Delete ${list.name}`} onClick={() => setConfirming(true)}>Delete list</button>
          </div>
        )}
      </div>
      {confirming && (
        <div className="mfsl-notice mfrp-confirm" role="group" aria-label={`Delete ${list.name}?`}>
          <span>Delete ‘{list.name}’ and its {count === 1 ? 'recipe' : `${count} recipes`}?</span>{' '}
          <button type="button" className="mfsl-btn mfsl-btn--small" autoFocus onClick={() => void act(async () => { await storage.deleteList(list.id); onDeleted(list.id); }, 'The list could not be deleted. Please try again.')}>Yes, delete</button>{' '}
          <button type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" onClick={() => setConfirming(false)}>Keep it</button>
        </div>
      )}
      {error && <p className="mfsl-error" role="alert">{error}</p>}
      {count === 0
        ? <p className="mfsl-muted">No recipes in this list yet.</p>
        : (
          <ul className="mfrp-cards">
            {list.recipeIds.map((rid) => {
              const title = records.get(rid)?.title ?? 'recipe';
              return (
                <RecipeCard key={rid} recipeId={rid} recipe={records.get(rid)} action={(
                  <button type="button" className="mfsl-item__remove mfrp-remove" aria-label={`Remove ${title} from ${list.name}`}
                    onClick={() => void act(async () => { onChanged(await storage.removeRecipe(list.id, rid)); onStatus(`Removed ‘${title}’ from ‘${list.name}’.`); addRef.current?.focus(); }, 'The recipe could not be removed. Please try again.')}>
                    Remove
                  </button>
                )} />
              );
            })}
          </ul>
        )}
      <button ref={addRef} type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" aria-haspopup="dialog" onClick={() => setPicking(true)}>Add a recipe</button>
      {picking && (
        <Dialog className="mfsl-dialog" title={`Add a recipe to ${list.name}`} onClose={() => setPicking(false)} returnFocusTo={addRef}>
          <RecipePicker search={search} chosen={list.recipeIds} onPick={async (rid, title) => {
            onChanged(await storage.addRecipe(list.id, rid));
            onStatus(`Saved ‘${title}’ to ‘${list.name}’.`);
          }} />
        </Dialog>
      )}
    </li>
  );
}

interface SaveToListDialogProps {
  recipeId: string;
  lists: readonly RecipeList[];
  storage: RecipePlanStorage;
  search: RemoteProps['config']['search'];
  onClose: () => void;
  onSaved: (list: RecipeList, title: string) => void;
}

const NEW = '__new__';

/** The `?add=` dialog: choose a list or name a new one, then 'Save'. Errors keep the choice and the name. */
function SaveToListDialog({ recipeId, lists, storage, search, onClose, onSaved }: SaveToListDialogProps) {
  const [choice, setChoice] = useState(lists[0]?.id ?? NEW);
  const [name, setName] = useState('');
  const nameId = useId();
  const submit = async (title: string) => {
    let listId = choice;
    if (choice === NEW) listId = (await storage.createList(name)).id;
    onSaved(await storage.addRecipe(listId, recipeId), title);
  };
  return (
    <AddRecipeDialog title="Save to a recipe list" recipeId={recipeId} search={search} submitLabel="Save"
      failMessage="The recipe could not be saved. Please try again." onClose={onClose} onSubmit={submit}>
      <fieldset className="mfrp-choices">
        <legend>Choose a list</legend>
        {lists.map((l, i) => (
          <label key={l.id} className="mfrp-choice">
            <input type="radio" name="mfrp-list" value={l.id} checked={choice === l.id} onChange={() => setChoice(l.id)} {...(i === 0 ? { 'data-autofocus': true } : {})} />
            <span>{l.name}</span>
            {l.recipeIds.includes(recipeId) && <span className="mfsl-muted"> (already saved)</span>}
          </label>
        ))}
        <label className="mfrp-choice">
          <input type="radio" name="mfrp-list" value={NEW} checked={choice === NEW} onChange={() => setChoice(NEW)} {...(lists.length === 0 ? { 'data-autofocus': true } : {})} />
          <span>A new list</span>
        </label>
      </fieldset>
      {choice === NEW && (
        <div className="mfsl-add">
          <label className="mfsl-add__label" htmlFor={nameId}>New list name</label>
          <input id={nameId} className="mfsl-input" value={name} maxLength={MAX_LIST_NAME} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </div>
      )}
    </AddRecipeDialog>
  );
}
