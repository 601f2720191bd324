import { useRef, type KeyboardEvent } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import type { ResultTab } from '../state/navigation';
import { sortedResultsUrl, type ResultsSort } from '../state/resultsSort';

/** The result tabs, in order. */
export const TABS: ReadonlyArray<{ tab: ResultTab; label: string; noun: string }> = [
  { tab: 'product', label: 'Products', noun: 'products' },
  { tab: 'recipe', label: 'Recipes', noun: 'recipes' },
];

interface ResultTabsProps {
  query: string;
  tab: ResultTab;
  /** The products' sort, kept when the tab changes. */
  sort: ResultsSort;
  /** Hits per tab once the answer is in (the labels say 'Products (N)'). */
  counts: Record<ResultTab, number> | null;
  /** Prefix of the tab and panel ids. */
  baseId: string;
}

/**
 * The WAI-ARIA tablist 'Result types': arrows, Home and End move between tabs; a change goes through
 * the kit's `useNavigate` (the shell's navigate) to `resultsUrl(query, tab)` (with the products' sort).
 */
export function ResultTabs({ query, tab, sort, counts, baseId }: ResultTabsProps) {
  const navigate = useNavigate();
  const tabRefs = useRef<Record<ResultTab, HTMLButtonElement | null>>({ product: null, recipe: null });
  const selectTab = (next: ResultTab, focus = false) => {
    if (focus) tabRefs.current[next]?.focus();
    if (next === tab) return;
    navigate(sortedResultsUrl(query, next, sort));
  };
  const onTabKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((t) => t.tab === tab);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (i + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    selectTab(TABS[next].tab, true);
  };
  return (
    <div role="tablist" aria-label="Result types" className="mfs-tabs">
      {TABS.map((t) => (
        <button
          key={t.tab}
          ref={(el) => { tabRefs.current[t.tab] = el; }}
          type="button"
          role="tab"
          id={`${baseId}-tab-${t.tab}`}
          aria-selected={t.tab === tab}
          aria-controls={`${baseId}-panel-${t.tab}`}
          tabIndex={t.tab === tab ? 0 : -1}
          className={`mfs-tabs__tab${t.tab === tab ? ' is-selected' : ''}`}
          onClick={() => selectTab(t.tab)}
          onKeyDown={onTabKeyDown}
        >
          {counts ? `${t.label} (${counts[t.tab]})` : t.label}
        </button>
      ))}
    </div>
  );
}
