import { useId, useState, type ReactNode } from 'react';

/**
 * One accordion section (WAI-ARIA APG accordion; ARCHITECTURE §8 "accordion (list panel)"): a heading
 * holding a disclosure button (`aria-expanded`, `aria-controls`) and a labelled region.
 */
export function Accordion({ title, count, defaultOpen = true, className, children }: {
  title: string;
  /** Shown after the title, e.g. '(3)'. */
  count?: number;
  defaultOpen?: boolean;
  /** Extra class of the region (e.g. the scrolling custom list). */
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const buttonId = useId();
  const regionId = useId();
  return (
    <section className="mfsl-acc">
      <h3 className="mfsl-acc__heading">
        <button id={buttonId} type="button" className="mfsl-acc__button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((o) => !o)}>
          <span>{title}</span>
          {count !== undefined && <span className="mfsl-acc__count">({count})</span>}
          <svg className="mfsl-acc__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h3>
      <div id={regionId} role="region" aria-labelledby={buttonId} className={`mfsl-acc__region${className ? ` ${className}` : ''}`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
