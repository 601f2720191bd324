import { useId, useMemo } from 'react';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { useBusState } from 'shared-events';
import { fetchRecipeBySlug, type RecipeRecord } from '../api/recipes';
import { useSearchApp } from '../components/appClient';
import { formatMinutes, formatServings, ingredientsMessage, recipeListLinks } from '../state/recipes';
import { useRecipeIngredientsButton } from './useRecipeIngredientsButton';
import { introFromRecord } from '../components/RecordIntro';
import { RecordPageError, RecordPageLoading } from '../components/RecordPage';
import { useEngineQuery } from '../hooks/useEngineQuery';
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
export function RecipeDetail({ pageSlug }: RecipeDetailProps) {
  const { client, config } = useSearchApp();
  const indexName = config.search.indices.recipes;
  const { result, failed, retry } = useEngineQuery({
    queryKey: ['recipe', indexName, pageSlug],
    queryFn: () => fetchRecipeBySlug(client, indexName, pageSlug),
  });
  if (failed) return <RecordPageError block="mfs-recipes" title="Recipe" message={RECIPES_ERROR} errorClassName="mfs-recipes__error" onRetry={retry} />;
  if (result.data === undefined) {
    return (
      <RecordPageLoading block="mfs-recipes" className="mfs-recipes mfs-recipe" label="Loading recipe…">
        <div className="mfs-recipe__skeleton" aria-hidden="true" />
      </RecordPageLoading>
    );
  }
  if (!result.data) return <RecipeNotFound />;
  return <RecipeArticle recipe={result.data} />;
}

function RecipeArticle({ recipe }: { recipe: RecipeRecord }) {
  const { client, bus, config } = useSearchApp();
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
