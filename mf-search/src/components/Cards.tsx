import type { ReactNode } from 'react';
import type { HitPictures, ProductHit, RecipeHit } from '../api/types';
import { useAddButton } from '../hooks/useAddButton';
import type { AddToListOutcome } from '../state/listAdd';
import { formatCents, priceFor } from '../api/queries';
import { hitUnitPrice } from '../state/unitPrice';
import { UnitPriceTag } from './UnitPriceTag';
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

/** Intrinsic size of card pictures, px (square OpenMoji SVGs; the box is reserved, no layout shift). */
export const CARD_PICTURE_PX = 96;

/**
 * The address of a hit's `featuredImage` if it is a same-origin path to an image file
 * (`/media/glass-of-milk.svg`), else null: other origins, `//host`, `javascript:`/`data:` URLs and
 * dot segments are refused (CSP img-src 'self').
 */
export function pictureSrc(hit: HitPictures): string | null {
  const src = hit.featuredImage;
  if (typeof src !== 'string') return null;
  return /^\/(?!\/)(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp|avif)$/.test(src) ? src : null;
}

export interface HitPictureProps {
  hit: HitPictures & { title: string };
  /** Width and height in px (set on the img, so the box never shifts). */
  size?: number;
  /** 'lazy' below the fold (default), 'eager' for the first row. */
  loading?: 'lazy' | 'eager';
  className?: string;
  /** Class of the letter tile shown when there is no picture. */
  fallbackClassName?: string;
}

/**
 * A hit's picture: `<img>` of `featuredImage` with width/height, `alt` = the title and `loading`;
 * the letter tile (first letter of the title, decorative) when the hit has no picture.
 */
export function HitPicture({ hit, size = CARD_PICTURE_PX, loading = 'lazy', className = 'mfs-card__media', fallbackClassName }: HitPictureProps) {
  const src = pictureSrc(hit);
  if (!src) return <span className={fallbackClassName ?? className} aria-hidden="true">{hit.title.slice(0, 1)}</span>;
  return (
    <span className={`${className} mfs-card__media--picture`}>
      <img className="mfs-card__img" src={src} width={size} height={size} alt={hit.title} loading={loading} decoding="async" />
    </span>
  );
}

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
  /** Picture loading: 'eager' for cards in the first viewport, else 'lazy' (default). */
  imageLoading?: 'lazy' | 'eager';
}

/**
 * A product card: its picture (`featuredImage`, letter tile when none), title, size, the price for the
 * current store (integer cents shown as CAD) and its unit price ('$1.63 /100 g', from that same price), an
 * optional availability line and an 'Add to list' button: 'Adding…' while the shopping list stores the
 * item, then 'Added' (or 'Not added' when it failed) for 3 s (useAddButton). All record text is
 * rendered as text.
 */
export function ProductCard({ hit, storeNumber, onFollow, onAddToList, availability, slide, imageLoading }: ProductCardProps) {
  const cents = priceFor(hit, storeNumber);
  const button = useAddButton();
  const add = () => { if (onAddToList) button.add(() => onAddToList(hit)); };
  return (
    <CardShell className="mfs-card mfs-card--product" slide={slide}>
      <a className="mfs-card__link" href={cardHref(hit.pageSlug)} onClick={() => onFollow?.(hit)} data-query-id={hit.queryID}>
        <HitPicture hit={hit} loading={imageLoading} />
        <span className="mfs-card__title">{hit.title}</span>
        {hit.size ? <span className="mfs-card__meta">{hit.size}</span> : null}
        {cents !== null ? <span className="mfs-card__price">{formatCents(cents)}{hit.uom === 'KG' ? ' /kg' : ''}</span> : null}
        <UnitPriceTag price={hitUnitPrice(hit, cents)} className="mfs-card__unit-price" />
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
  imageLoading?: 'lazy' | 'eager';
}

/** A recipe card: its picture (`featuredImage`, letter tile when none), title, total time (minutes) and servings. */
export function RecipeCard({ hit, onFollow, slide, imageLoading }: RecipeCardProps) {
  const meta = [
    typeof hit.totalTimeMinutes === 'number' ? `${hit.totalTimeMinutes} min` : null,
    typeof hit.servings === 'number' ? `Serves ${hit.servings}` : null,
  ].filter(Boolean).join(' · ');
  return (
    <CardShell className="mfs-card mfs-card--recipe" slide={slide}>
      <a className="mfs-card__link" href={cardHref(hit.pageSlug)} onClick={() => onFollow?.(hit)} data-query-id={hit.queryID}>
        <HitPicture hit={hit} loading={imageLoading} className="mfs-card__media mfs-card__media--recipe" />
        <span className="mfs-card__title">{hit.title}</span>
        {meta ? <span className="mfs-card__meta">{meta}</span> : null}
      </a>
    </CardShell>
  );
}
