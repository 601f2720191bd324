import { useId } from 'react';
import { useLocation, useNavigate } from '@storefront/remote-kit';
import { LoadError } from '@storefront/remote-kit/blocks';
import { fetchRecipeListing, type RecipeRecord } from '../api/recipes';
import { useSearchApp } from '../components/appClient';
import { formatMinutes, formatServings, recipeHref, recipesUrl } from '../state/recipes';
import { RecipePicture, SiteLink } from './RecipeParts';
import { useEngineQuery } from '../hooks/useEngineQuery';

/** Spec §8 "Exception during a call". */
export const RECIPES_ERROR = 'Something went wrong. please try later.';
/** Card picture size in px (4:3). */
export const RECIPE_CARD_PICTURE = { width: 320, height: 240 } as const;

/**
 * `/recipes` (spec §2 Routes "Recipes"): the recipes of the search engine's recipes index
 * (`config.search.indices.recipes`) as cards — picture (`featuredImage`, 320×240 px, letter tile when
 * none), title, total time, servings — and a tag filter (toggle buttons with counts; the chosen tag is
 * in the URL as `?tag=`, so a link or the back button restores it). States: loading (status +
 * skeleton cards of the same size), empty ('No recipes…' with a link to all), error (alert +
 * 'Try again'). Record text is rendered as text.
 */
export function RecipeList() {
  const { client, config } = useSearchApp();
  const id = useId();
  const { searchParams } = useLocation();
  const navigate = useNavigate();
  const tag = searchParams.get('tag')?.trim() || null;
  const indexName = config.search.indices.recipes;
  const { result, failed, retry } = useEngineQuery({
    queryKey: ['recipes', indexName, tag],
    queryFn: () => fetchRecipeListing(client, indexName, tag),
  });
  const listing = result.data;

  return (
    <section className="mfs-recipes" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="mfs-recipes__title">Recipes</h1>
      {listing && listing.tags.length > 0 ? (
        <div className="mfs-recipes__tags" role="group" aria-label="Filter recipes by tag">
          <button type="button" className="mfs-recipes__tag" aria-pressed={tag === null} onClick={() => navigate(recipesUrl(null))}>
            All recipes
          </button>
          {listing.tags.map((t) => (
            <button
              key={t.tag} type="button" className="mfs-recipes__tag" aria-pressed={tag === t.tag}
              onClick={() => navigate(recipesUrl(tag === t.tag ? null : t.tag))}
            >
              {t.tag} <span className="mfs-recipes__tag-count">({t.count})</span>
            </button>
          ))}
        </div>
      ) : null}
      {failed ? (
        <LoadError message={RECIPES_ERROR} onRetry={retry} className="mfs-recipes__error" buttonClassName="mfs-button" />
      ) : !listing ? (
        <div aria-busy="true">
          <p role="status" className="mfs-recipes__status">Loading recipes…</p>
          <ul className="mfs-recipes__grid" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => <li key={i} className="mfs-recipe-card mfs-recipe-card--bone"><span className="mfs-recipe-card__media" /></li>)}
          </ul>
        </div>
      ) : listing.recipes.length === 0 ? (
        <p role="status" className="mfs-recipes__status">
          {tag ? `No recipes are tagged “${tag}”. ` : 'No recipes yet. '}
          {tag ? <SiteLink href="/recipes" className="mfs-recipes__link">See all recipes</SiteLink> : null}
        </p>
      ) : (
        <>
          <p role="status" className="mfs-recipes__status">
            {`${listing.recipes.length} ${listing.recipes.length === 1 ? 'recipe' : 'recipes'}${tag ? ` tagged “${tag}”` : ''}`}
          </p>
          <ul className="mfs-recipes__grid">
            {listing.recipes.map((r, i) => <li key={r.objectID}><RecipeCard recipe={r} eager={i < 4} /></li>)}
          </ul>
        </>
      )}
    </section>
  );
}

/** One recipe card: the whole card is one link to `/recipes/<slug>`. */
export function RecipeCard({ recipe, eager = false }: { recipe: RecipeRecord; eager?: boolean }) {
  const time = formatMinutes(recipe.totalTimeMinutes);
  const servings = formatServings(recipe.servings);
  return (
    <SiteLink href={recipeHref(recipe)} className="mfs-recipe-card">
      <RecipePicture recipe={recipe} {...RECIPE_CARD_PICTURE} loading={eager ? 'eager' : 'lazy'} className="mfs-recipe-card__media" />
      <span className="mfs-recipe-card__title">{recipe.title}</span>
      <span className="mfs-recipe-card__meta">
        {time ? <span><span className="mfs-visually-hidden">Total time </span>{time}</span> : null}
        {servings ? <span>{servings}</span> : null}
      </span>
    </SiteLink>
  );
}
