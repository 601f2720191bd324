import { useId, type ReactNode } from 'react';

/** Props of {@link OfferSection}. */
export interface OfferSectionProps {
  title: string;
  /** Offers shown (after filters). */
  count: number;
  /** Shown when there is no card to show. */
  emptyText: string;
  /** Next to the heading (e.g. 'Load all'). */
  action?: ReactNode;
  /** A short line under the heading. */
  hint?: string;
  /** The `<OfferCard>`s (each an `<li>`). */
  children?: ReactNode;
}

/** A titled collection of offers: `<section>` labelled by its `<h2>` ('Title (N)'), then a card grid or the empty text. */
export function OfferSection({ title, count, emptyText, action, hint, children }: OfferSectionProps) {
  const id = useId();
  return (
    <section className="mfo-section" aria-labelledby={id}>
      <div className="mfo-section__head">
        <h2 id={id} className="mfo-section__title">{title} <span className="mfo-section__count">({count})</span></h2>
        {action}
      </div>
      {hint && <p className="mfo-hint">{hint}</p>}
      {count === 0 ? <p className="mfo-empty">{emptyText}</p> : <ul className="mfo-grid">{children}</ul>}
    </section>
  );
}
