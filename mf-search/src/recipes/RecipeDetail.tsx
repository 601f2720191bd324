import { useId, useMemo } from 'react';
import { useQuery } from '@storefront/remote-kit';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { LoadError } from '@storefront/remote-kit/blocks';
import { useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { engineRetryDelay } from '../api/engine';
import { fetchRecipeBySlug, type RecipeRecord } from '../api/recipes';
import type { SearchClient } from '../api/types';
import { formatMinutes, formatServings, ingredientsMessage, recipeListLinks } from '../state/recipes';
import { useRecipeIngredientsButton } from './useRecipeIngredientsButton';
import { introFromRecord, RecordIntroWhileLoading } from '../components/RecordIntro';
import { RecipeNotFound, SiteLink } from './RecipeParts';
import { RECIPES_ERROR } from './RecipeList';
import firstViews from '../first-view.json';

/**
 * The recipe page's intro (picture, title, description) as the edge serves it before any script, filled
 * from the same record (src/first-view.json '/recipes/:slug'; kit page-intro).
 */
const RECIPE_VIEW = firstViewFor(firstViews, '/recipes/:slug');
/** The button's label. */
export const ADD_INGREDIENTS_LABEL = 'Add the ingredients to my list';

export interface RecipeDetailProps {
  client: SearchClient;
  bus: EventBus;
  config: RuntimeConfig;
  /** 'recipes/<slug>' (from the path). */
  pageSlug: string;
}

/**
 * `/recipes/{slug}` (spec §2 Routes "Recipe detail"): looks the recipe up by `pageSlug` in
 * the recipes index (the kit's `useQuery`), then shows its intro — picture, title (h1), description: the
 * kit's `PageIntro` filled from src/first-view.json like the edge's first view, which stays on screen
 * while the record loads (`ServedFirstView`) — then total time and servings, ingredients with their quantities, the steps as an ordered list,
 * 'Add the ingredients to my list' (see `addRecipeIngredients`: one `list/add-requested` per ingredient
 * with an article number; the result says how many were added / could not be added, only after the
 * shopping list answered), and links to mf-shopping-list's 'Save to a recipe list'
 * (`/recipes/my-recipe-lists?add=<objectID>`) and 'Add to meal plan' (`/recipes/meal-plan?add=<objectID>`).
 * Unknown slug → 'Recipe not found'; loading → status + skeleton of the page's height (under the served
 * intro, or bones of its size); error → alert
 * + 'Try again'. The createScenePopup on this page belongs to mf-loyalty (spec §4).
 */
export function RecipeDetail({ client, bus, config, pageSlug }: RecipeDetailProps) {
  const indexName = config.search.indices.recipes;
  const result = useQuery({
    queryKey: ['recipe', indexName, pageSlug],
    queryFn: () => fetchRecipeBySlug(client, indexName, pageSlug),
    retryDelay: engineRetryDelay,
  });
  const failed = result.isError && !result.isFetching;
  if (failed) {
    return (
      <section className="mfs-recipes" aria-labelledby="mfs-recipe-error">
        <h1 id="mfs-recipe-error" className="mfs-recipes__title">Recipe</h1>
        <LoadError message={RECIPES_ERROR} onRetry={() => { void result.refetch(); }} className="mfs-recipes__error" buttonClassName="mfs-button" />
      </section>
    );
  }
  if (result.data === undefined) {
    return (
      <>
        <RecordIntroWhileLoading />
        <section className="mfs-recipes mfs-recipe" aria-busy="true">
          <p role="status" className="mfs-recipes__status">Loading recipe…</p>
          <div className="mfs-recipe__skeleton" aria-hidden="true" />
        </section>
      </>
    );
  }
  if (!result.data) return <RecipeNotFound />;
  return <RecipeArticle recipe={result.data} client={client} bus={bus} config={config} />;
}

function RecipeArticle({ recipe, client, bus, config }: { recipe: RecipeRecord; client: SearchClient; bus: EventBus; config: RuntimeConfig }) {
  const id = useId();
  const store = useBusState(bus.state.store);
  const { state, add } = useRecipeIngredientsButton({
    recipe, bus, client, productsIndex: config.search.indices.products,
    storeNumber: store?.storeNumber ?? config.defaultStoreNumber,
  });
  const time = formatMinutes(recipe.totalTimeMinutes);
  const servings = formatServings(recipe.servings);
  const links = recipeListLinks(recipe.objectID);
  const ingredients = recipe.ingredients ?? [];
  const steps = recipe.steps ?? [];
  const addable = ingredients.some((i) => typeof i.articleNumber === 'string' && i.articleNumber.trim() !== '');
  const intro = useMemo(() => introFromRecord(RECIPE_VIEW, recipe), [recipe]);

  return (
    <>
      <PageIntro heading={intro.heading} lead={intro.lead} picture={intro.picture} headingId={`${id}-title`}>
        <div className="mfs-recipe__head">
          {time || servings ? (
            <dl className="mfs-recipe__facts">
              {time ? <div><dt>Total time</dt><dd>{time}</dd></div> : null}
              {servings ? <div><dt>Servings</dt><dd>{recipe.servings}</dd></div> : null}
            </dl>
          ) : null}
          <div className="mfs-recipe__actions">
            {addable ? (
              <button type="button" className="mfs-recipe__add" onClick={add} aria-busy={state.kind === 'adding' || undefined} disabled={state.kind === 'adding'}>
                {state.kind === 'adding' ? 'Adding the ingredients…' : ADD_INGREDIENTS_LABEL}
              </button>
            ) : null}
            <SiteLink href={links.saveToList} className="mfs-recipe__action-link">Save to a recipe list</SiteLink>
            <SiteLink href={links.addToMealPlan} className="mfs-recipe__action-link">Add to meal plan</SiteLink>
          </div>
          <p role="status" className="mfs-recipe__result">
            {state.kind === 'done' ? ingredientsMessage(state.outcome) : ''}
          </p>
        </div>
      </PageIntro>
      <article className="mfs-recipes mfs-recipe" aria-labelledby={`${id}-title`}>
        <p className="mfs-recipe__back"><SiteLink href="/recipes" className="mfs-recipes__link">All recipes</SiteLink></p>
        <div className="mfs-recipe__body">
          <section aria-labelledby={`${id}-ingredients`} className="mfs-recipe__ingredients">
            <h2 id={`${id}-ingredients`}>Ingredients</h2>
            {ingredients.length ? (
              <ul>
                {ingredients.map((i, n) => (
                  <li key={`${n}-${i.name}`}>
                    {i.quantityText ? <span className="mfs-recipe__qty">{i.quantityText}</span> : null}
                    <span className="mfs-recipe__ingredient">{i.name}</span>
                  </li>
                ))}
              </ul>
            ) : <p>This recipe lists no ingredients.</p>}
          </section>
          <section aria-labelledby={`${id}-steps`} className="mfs-recipe__steps">
            <h2 id={`${id}-steps`}>Steps</h2>
            {steps.length ? <ol>{steps.map((s, n) => <li key={n}>{s}</li>)}</ol> : <p>This recipe has no steps yet.</p>}
          </section>
        </div>
      </article>
    </>
  );
}
