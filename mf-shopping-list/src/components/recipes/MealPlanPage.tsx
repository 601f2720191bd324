/**
 * /recipes/meal-plan (spec §2 Routes "meal plan"): a week of recipes by day, Monday to
 * Sunday. The week is in the URL (`?week=YYYY-MM-DD`, its Monday; none = this week), so a link or the
 * back button restores it; 'Previous week' / 'This week' / 'Next week' move it. Each day lists its
 * recipes (Remove) and has 'Add a recipe' (recipe picker dialog). **'Add this week's ingredients to my
 * list'** puts every distinct ingredient of the week's recipes on the shopping list through this
 * remote's list service and says how many were added, already there, or could not be added.
 * `?add=<recipe objectID>` (the recipe page's 'Add to meal plan') opens a dialog to choose the day
 * (this week or next), stores it and removes the parameter.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@storefront/remote-kit';
import { siteLinkClick, useBusState, type RemoteProps } from 'shared-events';
import { getListService, type ListService } from '../../api/listService';
import { Dialog } from '@storefront/remote-kit/dialog';
import { addIngredientsToList, ingredientMessage } from '../../api/ingredients';
import { addDays, dayLabel, entriesByDay, isoDate, mondayOf, parseIsoDate, weekDays, weekLabel, type MealPlanEntry } from '../../state/recipePlans';
import { RecipeCard } from './RecipeCard';
import { RecipePicker } from './RecipePicker';
import type { RecipeRecord } from '../../api/recipesApi';
import { AddRecipeDialog } from './AddRecipeDialog';
import { LoadError, Skeleton } from '@storefront/remote-kit/blocks';
import { BrowseRecipesLink, messageOf, storageKey, useAddParam } from './shared';
import type { RecipePlanStorage } from '../../api/recipePlanStorage';
import { useLoaded, type PlanStorageState } from '../../hooks/usePlans';
import { useRemoteRuntime } from '@storefront/remote-kit';
import { useRecipeRecords } from '../../hooks/useRecipes';

/** Props of {@link MealPlanPage}. */
export interface MealPlanPageProps {
  plans: PlanStorageState;
  /** Tests: the list service (default: this page's, {@link getListService}). */
  listService?: Pick<ListService, 'addProducts'>;
  /** Tests: today. */
  today?: () => Date;
}

/** See the module comment. */
export function MealPlanPage({ plans, listService, today = () => new Date() }: MealPlanPageProps) {
  const { bus, config } = useRemoteRuntime();
  const { storage } = plans;
  const { pathname, searchParams } = useLocation();
  const navigate = useNavigate();
  const now = today();
  const thisMonday = mondayOf(now);
  const monday = mondayOf(parseIsoDate(searchParams.get('week')) ?? now);
  const days = weekDays(monday);
  const from = days[0];
  const to = days[6];
  const key = storageKey(storage);
  const plan = useLoaded<MealPlanEntry[]>(key ? `${key}|${from}` : null, storage ? () => storage.plan(from, to) : null, 'Your meal plan could not be loaded.');
  const entries = useMemo(() => plan.data ?? [], [plan.data]);
  const byDay = useMemo(() => entriesByDay(entries), [entries]);
  const records = useRecipeRecords(config.search, entries.map((e) => e.recipeId));
  const store = useBusState(bus.state.store);
  const { addId, badAddId, clearAdd } = useAddParam();
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const titleId = useId();

  const goWeek = (m: Date) => {
    const next = new URLSearchParams(searchParams);
    if (isoDate(m) === isoDate(thisMonday)) next.delete('week');
    else next.set('week', isoDate(m));
    const qs = next.toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}`);
  };

  const reload = async () => {
    if (storage) plan.set(await storage.plan(from, to));
  };

  const addIngredients = async () => {
    setAdding(true);
    setAddError(null);
    setStatus('');
    try {
      const ids = [...new Set(entries.map((e) => e.recipeId))];
      const recipes = ids.map((id) => records.get(id)).filter((r): r is RecipeRecord => !!r);
      if (recipes.length < ids.length) throw new Error('Recipe details are still loading. Please try again in a moment.');
      const outcome = await addIngredientsToList({
        recipes,
        search: config.search,
        storeNumber: store?.storeNumber ?? config.defaultStoreNumber,
        service: listService ?? getListService(bus, config),
      });
      const message = ingredientMessage(outcome);
      setStatus(message);
      bus.emit('toast/show', { id: 'shopping-list', message, kind: outcome.notAdded > 0 && outcome.added === 0 ? 'error' : 'success', autoCloseMs: 3000 });
    } catch (e) {
      setAddError(messageOf(e, 'The ingredients could not be added. Please try again.'));
    } finally {
      setAdding(false);
    }
  };

  const isThisWeek = isoDate(monday) === isoDate(thisMonday);
  return (
    <section className="mfsl-page mfrp-page" aria-labelledby={titleId}>
      <h1 id={titleId} className="mfsl-page__title">Meal plan</h1>
      <p className="mfsl-page__summary mfrp-page__links">Plan a week of recipes. <a href="/recipes/my-recipe-lists" onClick={siteLinkClick('/recipes/my-recipe-lists', navigate)}>Go to your recipe lists</a></p>
      {plans.mergeError && <p className="mfsl-notice mfsl-notice--error" role="alert">{plans.mergeError}</p>}
      {badAddId && <p className="mfsl-notice mfsl-notice--error" role="alert">The recipe to plan could not be recognised.</p>}
      <nav className="mfrp-week" aria-label="Week">
        <button type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" onClick={() => goWeek(addDays(monday, -7))}>Previous week</button>
        <h2 className="mfrp-week__label" aria-live="polite">{isThisWeek ? 'This week: ' : 'Week of '}{weekLabel(monday)}</h2>
        {!isThisWeek && <button type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" onClick={() => goWeek(thisMonday)}>This week</button>}
        <button type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" onClick={() => goWeek(addDays(monday, 7))}>Next week</button>
      </nav>
      <div className="mfrp-ingredients">
        <button type="button" className="mfsl-btn" disabled={adding || plan.status !== 'ready' || entries.length === 0} onClick={() => void addIngredients()}>
          {adding ? 'Adding ingredients…' : 'Add this week\u2019s ingredients to my list'}
        </button>
        <p className="mfrp-status" role="status" aria-live="polite">{status}</p>
        {addError && <p className="mfsl-error" role="alert">{addError}</p>}
      </div>
      {plan.status === 'loading' && <Skeleton label="Loading your meal plan…" count={7} className="mfsl-skeleton mfrp-skeleton" />}
      {plan.status === 'error' && <LoadError message={plan.error ?? ''} onRetry={plan.retry} className="mfsl-notice mfsl-notice--error" buttonClassName="mfsl-link-btn" />}
      {records.isError && <LoadError message="Recipe details could not be loaded." onRetry={records.retry} className="mfsl-notice mfsl-notice--error" buttonClassName="mfsl-link-btn" />}
      {plan.status === 'ready' && entries.length === 0 && (
        <div className="mfsl-page__empty">
          <p className="mfsl-empty">Nothing planned {isThisWeek ? 'this week' : 'for this week'} yet.</p>
          <p className="mfsl-muted">Add a recipe to a day below, or find recipes to plan.</p>
          <BrowseRecipesLink />
        </div>
      )}
      {plan.status === 'ready' && storage && (
        <ol className="mfrp-days">
          {days.map((day) => (
            <DaySection key={day} day={day} entries={byDay.get(day) ?? []} storage={storage} records={records} search={config.search}
              isToday={day === isoDate(now)} onChanged={reload} onStatus={setStatus} />
          ))}
        </ol>
      )}
      {addId && storage && plan.status === 'ready' && (
        <PlanDialog recipeId={addId} storage={storage} search={config.search} firstMonday={thisMonday} today={isoDate(now)}
          onClose={clearAdd}
          onSaved={async (day, title) => {
            setStatus(`Planned ‘${title}’ on ${dayLabel(day)}.`);
            clearAdd();
            const m = mondayOf(parseIsoDate(day)!);
            if (isoDate(m) !== isoDate(monday)) goWeek(m);
            else await reload().catch(() => plan.retry());
          }} />
      )}
    </section>
  );
}

interface DaySectionProps {
  day: string;
  entries: MealPlanEntry[];
  storage: RecipePlanStorage;
  records: ReturnType<typeof useRecipeRecords>;
  search: RemoteProps['config']['search'];
  isToday: boolean;
  onChanged: () => Promise<void>;
  onStatus: (s: string) => void;
}

/** One day: its recipes (Remove) and 'Add a recipe'. */
function DaySection({ day, entries, storage, records, search, isToday, onChanged, onStatus }: DaySectionProps) {
  const headingId = useId();
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const label = dayLabel(day);
  return (
    <li className="mfsl-page__group mfrp-day" aria-labelledby={headingId} data-day={day}>
      <h3 id={headingId} className="mfsl-page__group-title">{label}{isToday && <span className="mfrp-today"> · Today</span>}</h3>
      {error && <p className="mfsl-error" role="alert">{error}</p>}
      {entries.length > 0 && (
        <ul className="mfrp-cards">
          {entries.map((e) => {
            const title = records.get(e.recipeId)?.title ?? 'recipe';
            return (
              <RecipeCard key={e.recipeId} recipeId={e.recipeId} recipe={records.get(e.recipeId)} action={(
                <button type="button" className="mfsl-item__remove mfrp-remove" aria-label={`Remove ${title} from ${label}`}
                  onClick={async () => {
                    setError(null);
                    try {
                      await storage.removeFromPlan(day, e.recipeId);
                      onStatus(`Removed ‘${title}’ from ${label}.`);
                      addRef.current?.focus();
                      await onChanged();
                    } catch (err) {
                      setError(messageOf(err, 'The recipe could not be removed. Please try again.'));
                    }
                  }}>
                  Remove
                </button>
              )} />
            );
          })}
        </ul>
      )}
      <button ref={addRef} type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" aria-haspopup="dialog" aria-label={`Add a recipe to ${label}`} onClick={() => setPicking(true)}>Add a recipe</button>
      {picking && (
        <Dialog className="mfsl-dialog" title={`Add a recipe to ${label}`} onClose={() => setPicking(false)} returnFocusTo={addRef}>
          <RecipePicker search={search} chosen={entries.map((e) => e.recipeId)} onPick={async (rid, title) => {
            await storage.addToPlan(day, rid);
            onStatus(`Planned ‘${title}’ on ${label}.`);
            await onChanged();
          }} />
        </Dialog>
      )}
    </li>
  );
}

interface PlanDialogProps {
  recipeId: string;
  storage: RecipePlanStorage;
  search: RemoteProps['config']['search'];
  /** Monday of the first week offered (this week). */
  firstMonday: Date;
  /** `YYYY-MM-DD` of today (preselected). */
  today: string;
  onClose: () => void;
  onSaved: (day: string, title: string) => Promise<void>;
}

/** The `?add=` dialog: choose a day of this week or next, then 'Add to meal plan'. */
function PlanDialog({ recipeId, storage, search, firstMonday, today, onClose, onSaved }: PlanDialogProps) {
  const [day, setDay] = useState(today);
  const weeks = [weekDays(firstMonday), weekDays(addDays(firstMonday, 7))];
  const submit = async (title: string) => {
    await storage.addToPlan(day, recipeId);
    await onSaved(day, title);
  };
  return (
    <AddRecipeDialog title="Add to meal plan" recipeId={recipeId} search={search} submitLabel="Add to meal plan"
      failMessage="The recipe could not be planned. Please try again." onClose={onClose} onSubmit={submit}>
      {weeks.map((w, wi) => (
        <fieldset key={w[0]} className="mfrp-choices">
          <legend>{wi === 0 ? 'This week' : 'Next week'}</legend>
          {w.map((d) => (
            <label key={d} className="mfrp-choice">
              <input type="radio" name="mfrp-day" value={d} checked={day === d} onChange={() => setDay(d)} {...(d === today ? { 'data-autofocus': true } : {})} />
              <span>{dayLabel(d)}{d === today ? ' (today)' : ''}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </AddRecipeDialog>
  );
}
