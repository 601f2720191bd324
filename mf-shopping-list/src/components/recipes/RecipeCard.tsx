/**
 * A recipe in a recipe list or on a meal-plan day: picture (fixed 96 × 72 px box, so nothing shifts),
 * title linking to `/recipes/{slug}`, time and servings, and an optional action (Remove). While the
 * record loads, a placeholder of the same size; a recipe the index no longer has says so.
 */
import type { ReactNode } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { siteLinkClick } from 'shared-events';
import { recipeHref, type RecipeRecord } from '../../api/recipesApi';

/** Props of {@link RecipeCard}. */
export interface RecipeCardProps {
  recipeId: string;
  /** undefined: loading; null: not in the index. */
  recipe: RecipeRecord | null | undefined;
  action?: ReactNode;
}

/** `/media/…` pictures and http(s) URLs only (a record is data, not markup). */
function pictureOf(r: RecipeRecord): string | null {
  const src = r.featuredImage;
  if (typeof src !== 'string') return null;
  return /^\/media\/[A-Za-z0-9._/-]+$/.test(src) || /^https:\/\//.test(src) ? src : null;
}

/** 'Ready in 45 min · Serves 6'. */
export function recipeFacts(r: Pick<RecipeRecord, 'totalTimeMinutes' | 'servings'>): string {
  const parts: string[] = [];
  if (typeof r.totalTimeMinutes === 'number') parts.push(`Ready in ${r.totalTimeMinutes} min`);
  if (typeof r.servings === 'number') parts.push(`Serves ${r.servings}`);
  return parts.join(' · ');
}

/** See the module comment. */
export function RecipeCard({ recipeId, recipe, action }: RecipeCardProps) {
  const navigate = useNavigate();
  if (recipe === undefined) {
    return (
      <li className="mfrp-card" aria-busy="true">
        <span className="mfrp-card__pic mfrp-card__pic--empty" aria-hidden="true" />
        <span className="mfrp-card__main"><span className="mfsl-muted">Loading recipe…</span></span>
        {action}
      </li>
    );
  }
  if (recipe === null) {
    return (
      <li className="mfrp-card">
        <span className="mfrp-card__pic mfrp-card__pic--empty" aria-hidden="true" />
        <span className="mfrp-card__main"><span className="mfrp-card__title">Recipe no longer available</span><span className="mfsl-muted">{recipeId}</span></span>
        {action}
      </li>
    );
  }
  const href = recipeHref(recipe);
  const src = pictureOf(recipe);
  return (
    <li className="mfrp-card">
      {src
        ? <img className="mfrp-card__pic" src={src} alt="" width={96} height={72} loading="lazy" decoding="async" />
        : <span className="mfrp-card__pic mfrp-card__pic--empty" aria-hidden="true" />}
      <span className="mfrp-card__main">
        <a className="mfrp-card__title" href={href} onClick={siteLinkClick(href, navigate)}>{recipe.title}</a>
        <span className="mfsl-muted">{recipeFacts(recipe)}</span>
      </span>
      {action}
    </li>
  );
}
