import type { ReactNode } from 'react';
import type { ProductHit, RecipeHit } from '../api/types';
import { useAddButton } from '../hooks/useAddButton';
import type { AddToListOutcome } from '../hooks/useSearchTracking';
import { formatCents, priceFor } from '../api/queries';
import './cards.css';

/** Link target of a result card: `/<pageSlug>` (spec §2 `/{type}/{pageSlug}`), '#' when missing. */
export const cardHref = (pageSlug?: string): string => (pageSlug ? `/${pageSlug.replace(/^\/+/, '')}` : '#');

/** A card placed in a carousel: a slide `index` (0-based) of `total`; hidden slides are out of view. */
export interface SlideInfo {
  index: number;
  total: number;
  hidden: boolean;
}

function CardShell({ className, slide, children }: { className: string; slide?: SlideInfo; children: ReactNode }) {
  if (!slide) return <li className={className}>{children}</li>;
  return (
    <div className={className} role="group" aria-roledescription="slide" aria-label={`${slide.index + 1} of ${slide.total}`} hidden={slide.hidden}>
      {children}
    </div>
  );
}

export { ADDED_FEEDBACK_MS } from '../hooks/useAddButton';

export interface ProductCardProps {
  hit: ProductHit;
  /** Preferred store number; picks `storePrices[storeNumber]` over `price`. */
  storeNumber: string | null;
  /** Called when the card link is followed (close the dropdown, send the insights click). */
  onFollow?: (hit: ProductHit) => void;
  /**
   * Shows an 'Add to list' button (spec §3 Shopping list; insights conversion). Resolves when the
   * shopping list has stored the item (`ok: true`) or refused it; the button says 'Added' only then.
   */
  onAddToList?: (hit: ProductHit) => Promise<AddToListOutcome>;
  /** Availability line (spec §5), e.g. 'Available at Halifax Quinpool Road'. */
  availability?: string;
  slide?: SlideInfo;
}

/**
 * A product card: title, size, the price for the current store (integer cents shown as CAD), an
 * optional availability line and an 'Add to list' button: 'Adding…' while the shopping list stores the
 * item, then 'Added' (or 'Not added' when it failed) for 3 s (useAddButton). All record text is
 * rendered as text.
 */
export function ProductCard({ hit, storeNumber, onFollow, onAddToList, availability, slide }: ProductCardProps) {
  const cents = priceFor(hit, storeNumber);
  const button = useAddButton();
  const add = () => { if (onAddToList) button.add(() => onAddToList(hit)); };
  return (
    <CardShell className="mfs-card mfs-card--product" slide={slide}>
      <a className="mfs-card__link" href={cardHref(hit.pageSlug)} onClick={() => onFollow?.(hit)} data-query-id={hit.queryID}>
        <span className="mfs-card__media" aria-hidden="true">{hit.title.slice(0, 1)}</span>
        <span className="mfs-card__title">{hit.title}</span>
        {hit.size ? <span className="mfs-card__meta">{hit.size}</span> : null}
        {cents !== null ? <span className="mfs-card__price">{formatCents(cents)}</span> : null}
        {availability ? <span className="mfs-card__availability">{availability}</span> : null}
      </a>
      {onAddToList ? (
        <button
          type="button"
          className="mfs-card__add"
          aria-label={`${button.label}: ${hit.title}`}
          aria-busy={button.state === 'adding' || undefined}
          onClick={add}
        >
          {button.label}
        </button>
      ) : null}
    </CardShell>
  );
}

export interface RecipeCardProps {
  hit: RecipeHit;
  onFollow?: (hit: RecipeHit) => void;
  slide?: SlideInfo;
}

/** A recipe card: title, total time (minutes) and servings. */
export function RecipeCard({ hit, onFollow, slide }: RecipeCardProps) {
  const meta = [
    typeof hit.totalTimeMinutes === 'number' ? `${hit.totalTimeMinutes} min` : null,
    typeof hit.servings === 'number' ? `Serves ${hit.servings}` : null,
  ].filter(Boolean).join(' · ');
  return (
    <CardShell className="mfs-card mfs-card--recipe" slide={slide}>
      <a className="mfs-card__link" href={cardHref(hit.pageSlug)} onClick={() => onFollow?.(hit)} data-query-id={hit.queryID}>
        <span className="mfs-card__media mfs-card__media--recipe" aria-hidden="true">{hit.title.slice(0, 1)}</span>
        <span className="mfs-card__title">{hit.title}</span>
        {meta ? <span className="mfs-card__meta">{meta}</span> : null}
      </a>
    </CardShell>
  );
}
