import { useId, useState, type ReactNode } from 'react';
import type { SlideInfo } from './Cards';
import './cards.css';

export interface CarouselProps<T> {
  /** Heading and accessible name, e.g. 'Popular products'. */
  title: string;
  /** Noun for the buttons: 'Previous products' / 'Next products'. */
  noun: string;
  items: readonly T[];
  /** Slides in view at once (from `cardsForWidth`). */
  perView: number;
  /** Renders one slide; pass `slide` to the card. */
  renderSlide: (item: T, slide: SlideInfo) => ReactNode;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3;
}

/**
 * A WAI-ARIA carousel (APG "Carousel" with buttons): a region with `aria-roledescription="carousel"`,
 * 'Previous …' / 'Next …' buttons (disabled at the ends) and slides as groups labelled 'N of M'.
 * Slides out of view are `hidden`. Moves one view (`perView` slides) per press.
 */
export function Carousel<T>({ title, noun, items, perView, renderSlide, headingLevel = 3 }: CarouselProps<T>) {
  const id = useId();
  const [start, setStart] = useState(0);
  const view = Math.max(1, perView);
  const maxStart = Math.max(0, items.length - view);
  const from = Math.min(start, maxStart);
  if (items.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="mfs-carousel" aria-roledescription="carousel" aria-labelledby={`${id}-title`}>
      <div className="mfs-group__header">
        <Heading id={`${id}-title`} className="mfs-group__title">{title}</Heading>
        <div className="mfs-carousel__controls">
          <button type="button" className="mfs-carousel__button" aria-label={`Previous ${noun}`} disabled={from === 0}
            onMouseDown={(e) => e.preventDefault()} onClick={() => setStart(Math.max(0, from - view))}>‹</button>
          <button type="button" className="mfs-carousel__button" aria-label={`Next ${noun}`} disabled={from >= maxStart}
            onMouseDown={(e) => e.preventDefault()} onClick={() => setStart(Math.min(maxStart, from + view))}>›</button>
        </div>
      </div>
      <div className="mfs-cards" data-count={view} aria-live="polite">
        {items.map((item, index) => renderSlide(item, { index, total: items.length, hidden: index < from || index >= from + view }))}
      </div>
    </section>
  );
}
