import type { ProductHit, RecipeHit } from '../api/types';
import { formatCents, priceFor } from '../api/queries';
import './search.css';

/** Link target of a result card: `/<pageSlug>` (spec §2 `/{type}/{pageSlug}`), '#' when missing. */
export const cardHref = (pageSlug?: string): string => (pageSlug ? `/${pageSlug.replace(/^\/+/, '')}` : '#');

export interface ProductCardProps {
  hit: ProductHit;
  /** Preferred store number; picks `storePrices[storeNumber]` over `price`. */
  storeNumber: string | null;
  /** Called when the card link is followed (e.g. to close the dropdown). */
  onFollow?: () => void;
}

/**
 * A product card: title, size and the price for the current store (integer cents shown as CAD).
 * All record text is rendered as text.
 */
export function ProductCard({ hit, storeNumber, onFollow }: ProductCardProps) {
  const cents = priceFor(hit, storeNumber);
  return (
    <li className="mfs-card mfs-card--product">
      <a className="mfs-card__link" href={cardHref(hit.pageSlug)} onClick={onFollow} data-query-id={hit.queryID}>
        <span className="mfs-card__media" aria-hidden="true">{hit.title.slice(0, 1)}</span>
        <span className="mfs-card__title">{hit.title}</span>
        {hit.size ? <span className="mfs-card__meta">{hit.size}</span> : null}
        {cents !== null ? <span className="mfs-card__price">{formatCents(cents)}</span> : null}
      </a>
    </li>
  );
}

export interface RecipeCardProps {
  hit: RecipeHit;
  onFollow?: () => void;
}

/** A recipe card: title, total time (minutes) and servings. */
export function RecipeCard({ hit, onFollow }: RecipeCardProps) {
  const meta = [
    typeof hit.totalTimeMinutes === 'number' ? `${hit.totalTimeMinutes} min` : null,
    typeof hit.servings === 'number' ? `Serves ${hit.servings}` : null,
  ].filter(Boolean).join(' · ');
  return (
    <li className="mfs-card mfs-card--recipe">
      <a className="mfs-card__link" href={cardHref(hit.pageSlug)} onClick={onFollow} data-query-id={hit.queryID}>
        <span className="mfs-card__media mfs-card__media--recipe" aria-hidden="true">{hit.title.slice(0, 1)}</span>
        <span className="mfs-card__title">{hit.title}</span>
        {meta ? <span className="mfs-card__meta">{meta}</span> : null}
      </a>
    </li>
  );
}
