/**
 * Small parts shared by the recipe pages: the picture, an in-site link and the not-found
 * message. Record text is rendered as text.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import type { HitPictures } from '../api/types';
import { pictureSrc } from '../components/Cards';

/** Heading of an unknown recipe slug. */
export const RECIPE_NOT_FOUND = 'Recipe not found';

export interface RecipePictureProps {
  recipe: HitPictures & { title: string };
  /** Width and height set on the img in px (the CSS box keeps the aspect ratio: no layout shift). */
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
  className: string;
}

/**
 * A recipe's picture: `<img>` of its `featuredImage` (same-origin `/media/…` only, see `pictureSrc`)
 * with width/height; a decorative tile with the title's first letter when there is none.
 */
export function RecipePicture({ recipe, width, height, loading = 'lazy', className }: RecipePictureProps) {
  const src = pictureSrc(recipe);
  if (!src) return <span className={`${className} mfs-recipe-pic--tile`} aria-hidden="true" data-testid="recipe-tile">{recipe.title.slice(0, 1)}</span>;
  return (
    <span className={className}>
      <img src={src} width={width} height={height} alt="" loading={loading} decoding="async" />
    </span>
  );
}

/**
 * A plain in-site link (ARCHITECTURE §4: links between remotes are plain URLs): a click without a
 * modifier key navigates with the kit (no reload); the href works for new tabs and without script.
 */
export function SiteLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} className={className} onClick={onClick}>{children}</a>;
}

/** The not-found message of an unknown recipe (the edge answers such a URL with 404). */
export function RecipeNotFound() {
  return (
    <section className="mfs-recipes mfs-recipes--missing" aria-labelledby="mfs-recipe-missing">
      <h1 id="mfs-recipe-missing" className="mfs-recipes__title">{RECIPE_NOT_FOUND}</h1>
      <p>We could not find this recipe. It may have been removed.</p>
      <p><SiteLink href="/recipes" className="mfs-recipes__link">See all recipes</SiteLink></p>
    </section>
  );
}
